"""Deal codes: short, case-insensitive, round-tripping, and clear about mistakes."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardschool.engine import dealcode
from cardschool.engine.errors import SavedGameError
from cardschool.engine.games import game_spec
from cardschool.engine.protocol import MAX_SEED


@given(st.sampled_from(["mille", "mililla"]), st.integers(0, MAX_SEED))
def test_codes_round_trip_seed_and_game(kind, seed):
    code = dealcode.encode(kind, seed)
    assert dealcode.decode(code) == (kind, seed, {})
    assert dealcode.decode(code.lower()) == (kind, seed, {})


def test_small_seeds_make_a_four_character_code():
    code = dealcode.encode("mille", 32**4 - 1)
    assert code == "MIL-ZZZZ"
    assert dealcode.encode("mililla", 7).startswith("MLA-0007")


def test_look_alike_letters_are_read_as_digits():
    assert dealcode.decode("mil-o0il") == dealcode.decode("MIL-0011")


class FakeRules:
    def __init__(self, **fields):
        defaults = {field: values[0] for field, values in game_spec("mililla").code_variants}
        self.__dict__.update(defaults | fields)


@given(
    st.fixed_dictionaries(
        {field: st.sampled_from(values) for field, values in game_spec("mililla").code_variants}
    )
)
def test_variants_round_trip(fields):
    code = dealcode.encode("mililla", 1234, FakeRules(**fields))
    kind, seed, variants = dealcode.decode(code)
    defaults = {field: values[0] for field, values in game_spec("mililla").code_variants}
    assert (kind, seed) == ("mililla", 1234)
    assert defaults | variants == fields
    assert all(variants[field] != defaults[field] for field in variants)


def test_a_variant_a_code_cannot_carry_is_refused():
    with pytest.raises(ValueError, match="cannot be written"):
        dealcode.encode("mililla", 1, FakeRules(target=99))


@pytest.mark.parametrize(
    ("code", "problem"),
    [
        ("", "text like"),
        ("XYZ-1234", "should start with MIL"),
        ("MIL-12", "4 to 12 characters"),
        ("MIL-12U4", "not a code character"),
        ("MIL", "should look like"),
        ("MIL-1234-ZZZZZZ", "no known variants"),
        ("MIL--1234", "should look like"),
    ],
)
def test_bad_codes_say_what_is_wrong(code, problem):
    with pytest.raises(SavedGameError, match=problem):
        dealcode.decode(code)


def test_unknown_game_and_bad_seed_are_refused():
    with pytest.raises(ValueError, match="unknown game"):
        dealcode.encode("poker", 1)
    with pytest.raises(ValueError, match="seed"):
        dealcode.encode("mille", -1)
