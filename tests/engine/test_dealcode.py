"""Deal codes: short, case-insensitive, round-tripping, and clear about mistakes."""

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardschool.engine import dealcode
from cardschool.engine.errors import SavedGameError
from cardschool.engine.games import game_spec
from cardschool.engine.protocol import MAX_SEED
from cardschool.engine.session import Session


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


# -- the bots' level travels with the code


@given(
    st.sampled_from(["mille", "mililla"]),
    st.integers(0, MAX_SEED),
    st.sampled_from(dealcode.CODE_LEVELS),
    st.data(),
)
def test_codes_round_trip_the_bot_level_with_the_variants(kind, seed, level, data):
    spec = game_spec(kind)
    choice = {field: data.draw(st.sampled_from(values)) for field, values in spec.code_variants}
    rules = dataclasses.replace(spec.rules_type(), **choice)
    deal = dealcode.read(dealcode.encode(kind, seed, rules, level))
    assert (deal.game, deal.seed, deal.level) == (kind, seed, level)
    assert dealcode.rules_from_variants(spec.rules_type, deal.variants) == rules


def test_codes_made_before_levels_still_open_the_same_deal_at_basic():
    # written by the code of the commit before levels were added
    old = {
        "MLA-0007-T": ("mililla", 7, {"clockwise": True, "target": 15}),
        "MIL-3RJ0-81": ("mille", 123456, {"low_cut_deals": True, "target": 500}),
    }
    for code, (kind, seed, variants) in old.items():
        assert dealcode.read(code) == dealcode.DealCode(kind, seed, variants, "basic")
        rules = dealcode.rules_from_variants(game_spec(kind).rules_type, variants)
        assert dealcode.encode(kind, seed, rules) == code
        assert Session.from_code(code).seats[1:] == ("basic",) * (game_spec(kind).seats - 1)


def test_two_learners_on_one_code_meet_the_same_bots():
    expert = Session.new("mililla", 77, seats=("human", "expert", "expert", "expert"))
    assert expert.code != Session.new("mililla", 77).code
    again = Session.from_code(expert.code)
    assert again.seats == expert.seats and again.code == expert.code
    assert again.game.to_json() == expert.game.to_json()


def test_a_level_beyond_the_known_ones_is_refused():
    spec = game_spec("mille")
    combos = 1
    for _field, values in spec.code_variants:
        combos *= len(values)
    too_far = dealcode._to_base32(combos * len(dealcode.CODE_LEVELS))
    with pytest.raises(SavedGameError, match="no known variants"):
        dealcode.read(f"MIL-0000-{too_far}")
    with pytest.raises(ValueError, match="bot level"):
        dealcode.encode("mille", 1, None, "grandmaster")


def test_the_variant_is_said_in_words_only_when_not_the_default():
    assert Session.new("mille", 5).variant_words == ""
    rules = dataclasses.replace(game_spec("mililla").rules_type(), target=15, clockwise=True)
    words = Session.new("mililla", 5, rules, seats=("human", "expert", "expert", "expert"))
    assert words.variant_words == "Expert bots; variants: clockwise yes, target 15"
