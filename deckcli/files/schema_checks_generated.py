"""GENERATED from deckcli/schemas/ by deckcli.files.schema_check_generator: do not edit.

Each function returns True exactly when jsonschema finds no error in the document
under that schema. CHECKS maps a schema name to its check (None when a keyword
was not translated); SOURCES each schema file's (size, CRC-32) when generated.
Rewrite it with: python tools/generate.py
"""

from __future__ import annotations

from typing import Any, Callable

_ABSENT = object()


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _unbool(value: Any) -> Any:
    if value is True:
        return _TRUE
    if value is False:
        return _FALSE
    return value


_TRUE, _FALSE = object(), object()


def _equal(one: Any, two: Any) -> bool:
    """JSON equality as jsonschema's ``const`` and ``enum`` judge it: ``true`` is not ``1``."""
    if one is two:
        return True
    if isinstance(one, str) or isinstance(two, str):
        return bool(one == two)
    if isinstance(one, (list, tuple)) and isinstance(two, (list, tuple)):
        return len(one) == len(two) and all(_equal(a, b) for a, b in zip(one, two))
    if isinstance(one, dict) and isinstance(two, dict):
        return len(one) == len(two) and all(key in two and _equal(value, two[key]) for key, value in one.items())
    return bool(_unbool(one) == _unbool(two))


def _check_2(value: Any) -> bool:
    if not (isinstance(value, str)):
        return False
    return True


def _check_3(value: Any) -> bool:
    if not (isinstance(value, str)):
        return False
    if isinstance(value, str) and len(value) < 1:
        return False
    return True


def _check_5(value: Any) -> bool:
    if not (isinstance(value, str)):
        return False
    return True


def _check_7(value: Any) -> bool:
    if not (isinstance(value, str)):
        return False
    return True


def _check_6(value: Any) -> bool:
    if not (isinstance(value, list)):
        return False
    if isinstance(value, list) and not all(_check_7(item) for item in value):
        return False
    return True


def _check_4(value: Any) -> bool:
    if sum((_check_5(value), _check_6(value),)) != 1:
        return False
    return True


def _check_10(value: Any) -> bool:
    if not ((isinstance(value, int) and not isinstance(value, bool))):
        return False
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value < 0:
        return False
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 90:
        return False
    return True


def _check_9(value: Any) -> bool:
    if not (isinstance(value, dict)):
        return False
    if isinstance(value, dict):
        known_1 = ()
        for key_1, item_1 in value.items():
            if key_1 not in known_1 and not _check_10(item_1):
                return False
    return True


def _check_8(value: Any) -> bool:
    if not _check_9(value):
        return False
    return True


def _check_11(value: Any) -> bool:
    if not _check_9(value):
        return False
    return True


def _check_1(value: Any) -> bool:
    if not (isinstance(value, dict)):
        return False
    if isinstance(value, dict) and not all(key in value for key in ('faction', )):
        return False
    if isinstance(value, dict):
        v1 = value.get('name', _ABSENT)
        if v1 is not _ABSENT and not _check_2(v1):
            return False
        v1 = value.get('faction', _ABSENT)
        if v1 is not _ABSENT and not _check_3(v1):
            return False
        v1 = value.get('leader', _ABSENT)
        if v1 is not _ABSENT and not _check_4(v1):
            return False
        v1 = value.get('cards', _ABSENT)
        if v1 is not _ABSENT and not _check_8(v1):
            return False
        v1 = value.get('side', _ABSENT)
        if v1 is not _ABSENT and not _check_11(v1):
            return False
    return True


def _check_15(value: Any) -> bool:
    if not _equal(value, 1):
        return False
    return True


def _check_16(value: Any) -> bool:
    if isinstance(value, list) and len(value) > 0:
        return False
    return True


def _check_17(value: Any) -> bool:
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value < 22:
        return False
    return True


def _check_18(value: Any) -> bool:
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 10:
        return False
    return True


def _check_19(value: Any) -> bool:
    if isinstance(value, list) and len(value) > 0:
        return False
    return True


def _check_20(value: Any) -> bool:
    if isinstance(value, list) and len(value) > 0:
        return False
    return True


def _check_21(value: Any) -> bool:
    if isinstance(value, list) and len(value) > 0:
        return False
    return True


def _check_22(value: Any) -> bool:
    if isinstance(value, list) and len(value) > 0:
        return False
    return True


def _check_23(value: Any) -> bool:
    if isinstance(value, list) and len(value) > 0:
        return False
    return True


def _check_24(value: Any) -> bool:
    if isinstance(value, list) and len(value) > 0:
        return False
    return True


def _check_25(value: Any) -> bool:
    if isinstance(value, list) and len(value) > 0:
        return False
    return True


def _check_14(value: Any) -> bool:
    if not (isinstance(value, dict)):
        return False
    if isinstance(value, dict):
        v1 = value.get('leaders', _ABSENT)
        if v1 is not _ABSENT and not _check_15(v1):
            return False
        v1 = value.get('not_leaders', _ABSENT)
        if v1 is not _ABSENT and not _check_16(v1):
            return False
        v1 = value.get('units', _ABSENT)
        if v1 is not _ABSENT and not _check_17(v1):
            return False
        v1 = value.get('specials', _ABSENT)
        if v1 is not _ABSENT and not _check_18(v1):
            return False
        v1 = value.get('off_faction', _ABSENT)
        if v1 is not _ABSENT and not _check_19(v1):
            return False
        v1 = value.get('over_copies', _ABSENT)
        if v1 is not _ABSENT and not _check_20(v1):
            return False
        v1 = value.get('side_deck_in_main', _ABSENT)
        if v1 is not _ABSENT and not _check_21(v1):
            return False
        v1 = value.get('leaders_in_main', _ABSENT)
        if v1 is not _ABSENT and not _check_22(v1):
            return False
        v1 = value.get('main_card_in_side', _ABSENT)
        if v1 is not _ABSENT and not _check_23(v1):
            return False
        v1 = value.get('unknown', _ABSENT)
        if v1 is not _ABSENT and not _check_24(v1):
            return False
        v1 = value.get('ambiguous', _ABSENT)
        if v1 is not _ABSENT and not _check_25(v1):
            return False
    return True


def _check_13(value: Any) -> bool:
    if not _check_14(value):
        return False
    return True


def _check_26(value: Any) -> bool:
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 3:
        return False
    return True


def _check_29(value: Any) -> bool:
    if not any(_equal(value, each) for each in ('Scorch', )):
        return False
    return True


def _check_28(value: Any) -> bool:
    if _check_29(value):
        return False
    return True


def _check_27(value: Any) -> bool:
    if isinstance(value, dict) and not all(_check_28(key) for key in value):
        return False
    return True


def _check_30(value: Any) -> bool:
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 120:
        return False
    return True


def _check_12(value: Any) -> bool:
    if not all((_check_13(value),)):
        return False
    if isinstance(value, dict):
        v1 = value.get('heroes', _ABSENT)
        if v1 is not _ABSENT and not _check_26(v1):
            return False
        v1 = value.get('cards', _ABSENT)
        if v1 is not _ABSENT and not _check_27(v1):
            return False
        v1 = value.get('unit_strength', _ABSENT)
        if v1 is not _ABSENT and not _check_30(v1):
            return False
    return True


def _check_32(value: Any) -> bool:
    if not (isinstance(value, str)):
        return False
    return True


def _check_33(value: Any) -> bool:
    if not (isinstance(value, str)):
        return False
    return True


def _check_34(value: Any) -> bool:
    if not (isinstance(value, str) or value is None):
        return False
    return True


def _check_35(value: Any) -> bool:
    if not ((isinstance(value, int) and not isinstance(value, bool))):
        return False
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value < 0:
        return False
    return True


def _check_36(value: Any) -> bool:
    if not ((isinstance(value, int) and not isinstance(value, bool))):
        return False
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value < 0:
        return False
    return True


def _check_37(value: Any) -> bool:
    if not ((isinstance(value, int) and not isinstance(value, bool))):
        return False
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value < 0:
        return False
    return True


def _check_38(value: Any) -> bool:
    if not ((isinstance(value, int) and not isinstance(value, bool))):
        return False
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value < 0:
        return False
    return True


def _check_39(value: Any) -> bool:
    if not ((isinstance(value, int) and not isinstance(value, bool))):
        return False
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value < 0:
        return False
    return True


def _check_40(value: Any) -> bool:
    if not ((isinstance(value, int) and not isinstance(value, bool))):
        return False
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value < 0:
        return False
    return True


def _check_41(value: Any) -> bool:
    if not ((isinstance(value, int) and not isinstance(value, bool))):
        return False
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value < 0:
        return False
    return True


def _check_42(value: Any) -> bool:
    if not ((isinstance(value, int) and not isinstance(value, bool))):
        return False
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value < 0:
        return False
    return True


def _check_44(value: Any) -> bool:
    if not ((isinstance(value, int) and not isinstance(value, bool))):
        return False
    return True


def _check_43(value: Any) -> bool:
    if not (isinstance(value, dict)):
        return False
    if isinstance(value, dict):
        known_1 = ()
        for key_1, item_1 in value.items():
            if key_1 not in known_1 and not _check_44(item_1):
                return False
    return True


def _check_46(value: Any) -> bool:
    if not (isinstance(value, str)):
        return False
    return True


def _check_45(value: Any) -> bool:
    if not (isinstance(value, list)):
        return False
    if isinstance(value, list) and not all(_check_46(item) for item in value):
        return False
    return True


def _check_48(value: Any) -> bool:
    if not (isinstance(value, str)):
        return False
    return True


def _check_47(value: Any) -> bool:
    if not (isinstance(value, list)):
        return False
    if isinstance(value, list) and not all(_check_48(item) for item in value):
        return False
    return True


def _check_50(value: Any) -> bool:
    if not (isinstance(value, str)):
        return False
    return True


def _check_49(value: Any) -> bool:
    if not (isinstance(value, list)):
        return False
    if isinstance(value, list) and not all(_check_50(item) for item in value):
        return False
    return True


def _check_52(value: Any) -> bool:
    if not (isinstance(value, str)):
        return False
    return True


def _check_51(value: Any) -> bool:
    if not (isinstance(value, list)):
        return False
    if isinstance(value, list) and not all(_check_52(item) for item in value):
        return False
    return True


def _check_54(value: Any) -> bool:
    if not (isinstance(value, str)):
        return False
    return True


def _check_53(value: Any) -> bool:
    if not (isinstance(value, list)):
        return False
    if isinstance(value, list) and not all(_check_54(item) for item in value):
        return False
    return True


def _check_56(value: Any) -> bool:
    if not (isinstance(value, str)):
        return False
    return True


def _check_55(value: Any) -> bool:
    if not (isinstance(value, list)):
        return False
    if isinstance(value, list) and not all(_check_56(item) for item in value):
        return False
    return True


def _check_58(value: Any) -> bool:
    if not (isinstance(value, str)):
        return False
    return True


def _check_57(value: Any) -> bool:
    if not (isinstance(value, list)):
        return False
    if isinstance(value, list) and not all(_check_58(item) for item in value):
        return False
    return True


def _check_60(value: Any) -> bool:
    if not (isinstance(value, str)):
        return False
    return True


def _check_59(value: Any) -> bool:
    if not (isinstance(value, list)):
        return False
    if isinstance(value, list) and not all(_check_60(item) for item in value):
        return False
    return True


def _check_62(value: Any) -> bool:
    if not (isinstance(value, str)):
        return False
    return True


def _check_61(value: Any) -> bool:
    if not (isinstance(value, list)):
        return False
    if isinstance(value, list) and not all(_check_62(item) for item in value):
        return False
    return True


def _check_65(value: Any) -> bool:
    if not (isinstance(value, str)):
        return False
    return True


def _check_66(value: Any) -> bool:
    if not ((isinstance(value, int) and not isinstance(value, bool))):
        return False
    return True


def _check_67(value: Any) -> bool:
    if not ((isinstance(value, int) and not isinstance(value, bool))):
        return False
    return True


def _check_64(value: Any) -> bool:
    if not (isinstance(value, dict)):
        return False
    if isinstance(value, dict) and any(key not in ('card', 'copies', 'limit', ) for key in value):
        return False
    if isinstance(value, dict) and not all(key in value for key in ('card', 'copies', 'limit', )):
        return False
    if isinstance(value, dict):
        v1 = value.get('card', _ABSENT)
        if v1 is not _ABSENT and not _check_65(v1):
            return False
        v1 = value.get('copies', _ABSENT)
        if v1 is not _ABSENT and not _check_66(v1):
            return False
        v1 = value.get('limit', _ABSENT)
        if v1 is not _ABSENT and not _check_67(v1):
            return False
    return True


def _check_63(value: Any) -> bool:
    if not (isinstance(value, list)):
        return False
    if isinstance(value, list) and not all(_check_64(item) for item in value):
        return False
    return True


def _check_31(value: Any) -> bool:
    if not (isinstance(value, dict)):
        return False
    if isinstance(value, dict) and any(key not in ('ambiguous', 'cards', 'faction', 'faction_name', 'hero_names', 'heroes', 'leader', 'leaders', 'leaders_in_main', 'main_card_in_side', 'medics', 'not_leaders', 'off_faction', 'over_copies', 'side_deck_in_main', 'specials', 'spies', 'unit_strength', 'units', 'unknown', 'weather', 'weather_names', ) for key in value):
        return False
    if isinstance(value, dict) and not all(key in value for key in ('faction', 'faction_name', 'leader', 'leaders', 'units', 'heroes', 'specials', 'weather', 'spies', 'medics', 'unit_strength', 'cards', 'hero_names', 'weather_names', 'off_faction', 'unknown', 'ambiguous', 'side_deck_in_main', 'leaders_in_main', 'not_leaders', 'main_card_in_side', 'over_copies', )):
        return False
    if isinstance(value, dict):
        v1 = value.get('faction', _ABSENT)
        if v1 is not _ABSENT and not _check_32(v1):
            return False
        v1 = value.get('faction_name', _ABSENT)
        if v1 is not _ABSENT and not _check_33(v1):
            return False
        v1 = value.get('leader', _ABSENT)
        if v1 is not _ABSENT and not _check_34(v1):
            return False
        v1 = value.get('leaders', _ABSENT)
        if v1 is not _ABSENT and not _check_35(v1):
            return False
        v1 = value.get('units', _ABSENT)
        if v1 is not _ABSENT and not _check_36(v1):
            return False
        v1 = value.get('heroes', _ABSENT)
        if v1 is not _ABSENT and not _check_37(v1):
            return False
        v1 = value.get('specials', _ABSENT)
        if v1 is not _ABSENT and not _check_38(v1):
            return False
        v1 = value.get('weather', _ABSENT)
        if v1 is not _ABSENT and not _check_39(v1):
            return False
        v1 = value.get('spies', _ABSENT)
        if v1 is not _ABSENT and not _check_40(v1):
            return False
        v1 = value.get('medics', _ABSENT)
        if v1 is not _ABSENT and not _check_41(v1):
            return False
        v1 = value.get('unit_strength', _ABSENT)
        if v1 is not _ABSENT and not _check_42(v1):
            return False
        v1 = value.get('cards', _ABSENT)
        if v1 is not _ABSENT and not _check_43(v1):
            return False
        v1 = value.get('hero_names', _ABSENT)
        if v1 is not _ABSENT and not _check_45(v1):
            return False
        v1 = value.get('weather_names', _ABSENT)
        if v1 is not _ABSENT and not _check_47(v1):
            return False
        v1 = value.get('off_faction', _ABSENT)
        if v1 is not _ABSENT and not _check_49(v1):
            return False
        v1 = value.get('unknown', _ABSENT)
        if v1 is not _ABSENT and not _check_51(v1):
            return False
        v1 = value.get('ambiguous', _ABSENT)
        if v1 is not _ABSENT and not _check_53(v1):
            return False
        v1 = value.get('side_deck_in_main', _ABSENT)
        if v1 is not _ABSENT and not _check_55(v1):
            return False
        v1 = value.get('leaders_in_main', _ABSENT)
        if v1 is not _ABSENT and not _check_57(v1):
            return False
        v1 = value.get('not_leaders', _ABSENT)
        if v1 is not _ABSENT and not _check_59(v1):
            return False
        v1 = value.get('main_card_in_side', _ABSENT)
        if v1 is not _ABSENT and not _check_61(v1):
            return False
        v1 = value.get('over_copies', _ABSENT)
        if v1 is not _ABSENT and not _check_63(v1):
            return False
    return True


def _check_69(value: Any) -> bool:
    if not (isinstance(value, str)):
        return False
    return True


def _check_71(value: Any) -> bool:
    if not (isinstance(value, str)):
        return False
    if isinstance(value, str) and len(value) < 1:
        return False
    return True


def _check_70(value: Any) -> bool:
    if not (isinstance(value, list)):
        return False
    if isinstance(value, list) and not all(_check_71(item) for item in value):
        return False
    return True


def _check_68(value: Any) -> bool:
    if not (isinstance(value, dict)):
        return False
    if isinstance(value, dict) and not all(key in value for key in ('decks', )):
        return False
    if isinstance(value, dict):
        v1 = value.get('player', _ABSENT)
        if v1 is not _ABSENT and not _check_69(v1):
            return False
        v1 = value.get('decks', _ABSENT)
        if v1 is not _ABSENT and not _check_70(v1):
            return False
    return True


def _check_73(value: Any) -> bool:
    if not _check_14(value):
        return False
    return True


def _check_74(value: Any) -> bool:
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 5:
        return False
    return True


def _check_75(value: Any) -> bool:
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 2:
        return False
    return True


def _check_76(value: Any) -> bool:
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 2:
        return False
    return True


def _check_77(value: Any) -> bool:
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 130:
        return False
    return True


def _check_72(value: Any) -> bool:
    if not all((_check_73(value),)):
        return False
    if isinstance(value, dict):
        v1 = value.get('specials', _ABSENT)
        if v1 is not _ABSENT and not _check_74(v1):
            return False
        v1 = value.get('spies', _ABSENT)
        if v1 is not _ABSENT and not _check_75(v1):
            return False
        v1 = value.get('medics', _ABSENT)
        if v1 is not _ABSENT and not _check_76(v1):
            return False
        v1 = value.get('unit_strength', _ABSENT)
        if v1 is not _ABSENT and not _check_77(v1):
            return False
    return True


def _check_79(value: Any) -> bool:
    if not _check_14(value):
        return False
    return True


def _check_81(value: Any) -> bool:
    if not _equal(value, 'Clear Weather'):
        return False
    return True


def _check_80(value: Any) -> bool:
    if isinstance(value, list) and not all(_check_81(item) for item in value):
        return False
    return True


def _check_78(value: Any) -> bool:
    if not all((_check_79(value),)):
        return False
    if isinstance(value, dict):
        v1 = value.get('weather_names', _ABSENT)
        if v1 is not _ABSENT and not _check_80(v1):
            return False
    return True


def _check_83(value: Any) -> bool:
    if not _equal(value, 2):
        return False
    return True


def _check_84(value: Any) -> bool:
    if isinstance(value, list) and len(value) > 0:
        return False
    return True


def _check_85(value: Any) -> bool:
    if isinstance(value, list) and len(value) > 0:
        return False
    return True


def _check_82(value: Any) -> bool:
    if not (isinstance(value, dict)):
        return False
    if isinstance(value, dict):
        v1 = value.get('deck_count', _ABSENT)
        if v1 is not _ABSENT and not _check_83(v1):
            return False
        v1 = value.get('illegal_decks', _ABSENT)
        if v1 is not _ABSENT and not _check_84(v1):
            return False
        v1 = value.get('shared_factions', _ABSENT)
        if v1 is not _ABSENT and not _check_85(v1):
            return False
    return True


def _check_87(value: Any) -> bool:
    if not _equal(value, 3):
        return False
    return True


def _check_88(value: Any) -> bool:
    if isinstance(value, list) and len(value) > 0:
        return False
    return True


def _check_89(value: Any) -> bool:
    if isinstance(value, list) and len(value) > 0:
        return False
    return True


def _check_90(value: Any) -> bool:
    if isinstance(value, list) and len(value) > 0:
        return False
    return True


def _check_86(value: Any) -> bool:
    if not (isinstance(value, dict)):
        return False
    if isinstance(value, dict):
        v1 = value.get('deck_count', _ABSENT)
        if v1 is not _ABSENT and not _check_87(v1):
            return False
        v1 = value.get('illegal_decks', _ABSENT)
        if v1 is not _ABSENT and not _check_88(v1):
            return False
        v1 = value.get('shared_factions', _ABSENT)
        if v1 is not _ABSENT and not _check_89(v1):
            return False
        v1 = value.get('shared_heroes', _ABSENT)
        if v1 is not _ABSENT and not _check_90(v1):
            return False
    return True


SOURCES: dict[str, tuple[int, int]] = {
    'catalog': (6889, 3363503822),
    'deck': (1484, 3446425913),
    'league-house-rules': (1346, 1488799891),
    'profile': (4024, 3672851740),
    'registration': (955, 2528604301),
    'rule-keywords': (4039, 2777087934),
    'rules/advanced': (1679, 1696774080),
    'rules/solo': (906, 3640741846),
    'rules/standard': (3669, 2374167356),
    'rules/team': (1226, 3261620264),
    'rules/tournament': (1692, 3701774511),
    'tournament-matrix': (2002, 2070804965),
}

CHECKS: dict[str, Callable[[Any], bool] | None] = {
    'catalog': None,  # not translated: keyword 'pattern' at /$defs/card/properties/name/pattern
    'deck': _check_1,
    'league-house-rules': _check_12,
    'profile': _check_31,
    'registration': _check_68,
    'rule-keywords': None,  # not translated: keyword 'pattern' at /propertyNames/if/pattern
    'rules/advanced': _check_72,
    'rules/solo': _check_78,
    'rules/standard': _check_14,
    'rules/team': _check_82,
    'rules/tournament': _check_86,
    'tournament-matrix': None,  # not translated: keyword 'uniqueItems' at /properties/theirs/uniqueItems
}
