"""Spanish as the casino writes it (es-AR): 1.234.567,50 and 31/12/2026 23:59.

Django's own Spanish format groups thousands with a non-breaking space (RAE); the
casino's paper, its printed reports (``reports.formatting``) and its staff use the
dot, so pages and PDFs print every amount the same way (issue 8 §5).
"""

DECIMAL_SEPARATOR = ","
THOUSAND_SEPARATOR = "."
NUMBER_GROUPING = 3
SHORT_DATE_FORMAT = "d/m/Y"
SHORT_DATETIME_FORMAT = "d/m/Y H:i"
