"""The minimum-cost assignment (the Hungarian method) the planner staffs each slot with."""

from __future__ import annotations


def _assign(cost: list[list[int]]) -> list[int]:
    """Hungarian method: the column of each row, minimising the total (rows <= columns).

    The classic O(rows^2 * columns) version with potentials; integer costs, so exact.
    """
    n = len(cost)
    if n == 0:
        return []
    m = len(cost[0])
    # Above any reduced cost: the potentials never move by more than the costs' total.
    inf = 4 * (sum(max(row) for row in cost) + 1)
    u = [0] * (n + 1)
    v = [0] * (m + 1)
    p = [0] * (m + 1)  # p[j]: the row matched to column j (1-based), 0 = free
    way = [0] * (m + 1)
    for i in range(1, n + 1):
        p[0] = i
        j0 = 0
        minv = [inf] * (m + 1)
        used = [False] * (m + 1)
        while True:
            used[j0] = True
            i0 = p[j0]
            delta = inf
            j1 = 0
            row = cost[i0 - 1]
            ui = u[i0]
            for j in range(1, m + 1):
                if not used[j]:
                    cur = row[j - 1] - ui - v[j]
                    if cur < minv[j]:
                        minv[j] = cur
                        way[j] = j0
                    if minv[j] < delta:
                        delta = minv[j]
                        j1 = j
            for j in range(m + 1):
                if used[j]:
                    u[p[j]] += delta
                    v[j] -= delta
                else:
                    minv[j] -= delta
            j0 = j1
            if p[j0] == 0:
                break
        while True:
            j1 = way[j0]
            p[j0] = p[j1]
            j0 = j1
            if j0 == 0:
                break
    out = [0] * n
    for j in range(1, m + 1):
        if p[j]:
            out[p[j] - 1] = j - 1
    return out
