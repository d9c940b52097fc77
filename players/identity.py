"""Identity documents and nationalities: normalisation and the simple rules (issue 17 §1).

Pure functions, no database. A document number is normalised (upper case; dots,
dashes and spaces removed) before it is checked or stored, so "12.345.678" and
"12345678" are one player. Each type has its rule where a simple one exists: the
Argentine DNI is 7 or 8 digits, an identity card (CI) 6 to 9 digits, the Chilean RUT
its body and a mod-11 check digit (0-9 or K), a passport 6 to 12 letters and digits.
"""

from __future__ import annotations

import re

from .models import DocumentType

_STRIP = re.compile(r"[\s.\-/]")

# ISO 3166-1 alpha-2, the officially assigned codes.
COUNTRIES = frozenset(
    """
    AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO
    BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ
    DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP
    GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG
    KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML
    MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE
    PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL
    SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM
    US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW
    """.split()
)


def normalise_document(number: str) -> str:
    return _STRIP.sub("", number or "").upper()


def rut_check_digit(body: str) -> str:
    """The Chilean RUT's check digit (mod 11, weights 2..7 from the right)."""
    total = sum(int(d) * (2 + i % 6) for i, d in enumerate(reversed(body)))
    rest = 11 - total % 11
    return {11: "0", 10: "K"}.get(rest, str(rest))


def document_problem(document_type: str, number: str) -> tuple[str, str] | None:
    """Why ``number`` (normalised) is not a valid document of its type, (es, en); or None."""
    if document_type not in DocumentType.values:
        return ("Tipo de documento desconocido.", "Unknown document type.")
    if not number:
        return ("Indique el número de documento.", "Give the document number.")
    if document_type == DocumentType.DNI and not re.fullmatch(r"\d{7,8}", number):
        return ("Un DNI tiene 7 u 8 dígitos.", "A DNI has 7 or 8 digits.")
    if document_type == DocumentType.CI and not re.fullmatch(r"\d{6,9}", number):
        return (
            "Una cédula (CI) tiene de 6 a 9 dígitos.",
            "An identity card (CI) has 6 to 9 digits.",
        )
    if document_type == DocumentType.RUT:
        if not re.fullmatch(r"\d{7,8}[0-9K]", number):
            return (
                "Un RUT tiene 7 u 8 dígitos y un dígito verificador (0-9 o K).",
                "A RUT has 7 or 8 digits and a check digit (0-9 or K).",
            )
        if rut_check_digit(number[:-1]) != number[-1]:
            return (
                "El dígito verificador del RUT no corresponde.",
                "The RUT's check digit does not match.",
            )
    if document_type == DocumentType.PASSPORT and not re.fullmatch(r"[A-Z0-9]{6,12}", number):
        return (
            "Un pasaporte tiene de 6 a 12 letras y dígitos.",
            "A passport has 6 to 12 letters and digits.",
        )
    if document_type == DocumentType.OTHER and not re.fullmatch(r"[A-Z0-9]{3,40}", number):
        return (
            "Un documento tiene de 3 a 40 letras y dígitos.",
            "A document has 3 to 40 letters and digits.",
        )
    return None
