"""Charts drawn as SVG on the server, no JavaScript: WeasyPrint lays them out in the PDF.

Plain bar charts with labelled axes; values stay exact (``Decimal``) and only the
geometry uses floats. Each function returns a complete ``<svg>`` element.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal
from html import escape
from typing import Any


def nice_step(value: float, ticks: int = 4) -> float:
    """A round tick step (1, 2 or 5 times a power of ten) so that ``ticks`` steps cover
    ``value``: the axis reads 0, 5, 10, 15, 20 rather than 0, 1.25, 2.5..."""
    import math

    if value <= 0:
        return 1.0
    raw = value / ticks
    power = 10 ** math.floor(math.log10(raw))
    for multiple in (1, 2, 5, 10):
        if multiple * power >= raw:
            return float(multiple * power)
    return float(10 * power)


def bar_chart(
    data: Sequence[tuple[str, Decimal | int]],
    *,
    title: str,
    fmt: Callable[[Any], str],
    width: int = 480,
    height: int = 200,
    colour: str = "#3b5b8c",
) -> str:
    """Vertical bars, one per ``(label, value)``, with the value printed above each bar."""
    left, right, top, bottom = 52, 8, 26, 30
    plot_w, plot_h = width - left - right, height - top - bottom
    values = [float(v) for _label, v in data]
    step = nice_step(max(values, default=0.0))
    top_value = 4 * step
    n = max(len(data), 1)
    slot = plot_w / n
    bar_w = min(48.0, max(2.0, slot * 0.7))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans" font-size="9">',
        f'<text x="{left}" y="13" font-size="11" font-weight="bold">{escape(title)}</text>',
    ]
    for i in range(5):  # grid lines and the value axis
        y = top + plot_h - plot_h * i / 4
        parts.append(
            f'<line x1="{left}" y1="{y:.1f}" x2="{left + plot_w}" y2="{y:.1f}" '
            'stroke="#ccc" stroke-width="0.5"/>'
        )
        tick = Decimal(str(step)) * i
        label = fmt(tick.normalize() if tick == tick.to_integral_value() else tick)
        parts.append(
            f'<text x="{left - 3}" y="{y + 2:.1f}" text-anchor="end">{escape(label)}</text>'
        )
    every = max(1, n // 24)  # thin the category labels when there are many bars
    for i, ((label, value), fv) in enumerate(zip(data, values, strict=True)):
        h = plot_h * fv / top_value if top_value else 0
        x = left + slot * i + (slot - bar_w) / 2
        y = top + plot_h - h
        parts.append(
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{bar_w:.1f}" height="{h:.1f}" fill="{colour}"/>'
        )
        if n <= 24 and fv:
            parts.append(
                f'<text x="{x + bar_w / 2:.1f}" y="{y - 2:.1f}" text-anchor="middle">'
                f"{escape(fmt(value))}</text>"
            )
        if i % every == 0:
            parts.append(
                f'<text x="{x + bar_w / 2:.1f}" y="{top + plot_h + 10:.1f}" '
                f'text-anchor="middle">{escape(label)}</text>'
            )
    parts.append(
        f'<line x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}" '
        'stroke="#333" stroke-width="0.8"/>'
    )
    if not data:
        parts.append(
            f'<text x="{left + plot_w / 2}" y="{top + plot_h / 2}" text-anchor="middle">—</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def line_chart(
    data: Sequence[tuple[str, Decimal | int]],
    *,
    title: str,
    fmt: Callable[[Any], str],
    width: int = 480,
    height: int = 200,
    colour: str = "#3b5b8c",
) -> str:
    """A line through ``(label, value)`` points in order (a figure day by day), with a dot
    at each point and the last value printed: where the month is going at a glance."""
    left, right, top, bottom = 52, 40, 26, 30
    plot_w, plot_h = width - left - right, height - top - bottom
    values = [float(v) for _label, v in data]
    step = nice_step(max(values, default=0.0))
    top_value = 4 * step
    n = len(data)
    slot = plot_w / max(n - 1, 1)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans" font-size="9">',
        f'<text x="{left}" y="13" font-size="11" font-weight="bold">{escape(title)}</text>',
    ]
    for i in range(5):
        y = top + plot_h - plot_h * i / 4
        parts.append(
            f'<line x1="{left}" y1="{y:.1f}" x2="{left + plot_w}" y2="{y:.1f}" '
            'stroke="#ccc" stroke-width="0.5"/>'
        )
        tick = Decimal(str(step)) * i
        label = fmt(tick.normalize() if tick == tick.to_integral_value() else tick)
        parts.append(
            f'<text x="{left - 3}" y="{y + 2:.1f}" text-anchor="end">{escape(label)}</text>'
        )
    points = [
        (left + (slot * i if n > 1 else plot_w / 2), top + plot_h - plot_h * fv / top_value)
        for i, fv in enumerate(values)
    ]
    if len(points) > 1:
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        parts.append(
            f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="1.5"/>'
        )
    every = max(1, n // 16)
    for i, ((label, _value), (x, y)) in enumerate(zip(data, points, strict=True)):
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2" fill="{colour}"/>')
        if i % every == 0 or i == n - 1:
            parts.append(
                f'<text x="{x:.1f}" y="{top + plot_h + 10:.1f}" text-anchor="middle">'
                f"{escape(label)}</text>"
            )
    if data:
        (x, y), last = points[-1], data[-1][1]
        parts.append(f'<text x="{x + 4:.1f}" y="{y + 3:.1f}">{escape(fmt(last))}</text>')
    else:
        parts.append(
            f'<text x="{left + plot_w / 2}" y="{top + plot_h / 2}" text-anchor="middle">—</text>'
        )
    parts.append(
        f'<line x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}" '
        'stroke="#333" stroke-width="0.8"/>'
    )
    parts.append("</svg>")
    return "".join(parts)
