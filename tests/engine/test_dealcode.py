"""Deal codes: short, case-insensitive, round-tripping, and clear about mistakes."""

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardschool.engine import dealcode
from cardschool.engine.errors import SavedGameError
from cardschool.engine.games import game_spec
from cardschool.engine.messages import render
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
        ("MIL-1234-ZZZZZZ", "does not check"),
        ("MIL--1234", "should look like"),
    ],
)
def test_bad_codes_say_what_is_wrong(code, problem):
    with pytest.raises(SavedGameError, match=problem) as error:
        dealcode.decode(code)
    assert error.value.said.id.startswith("code:")


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


def test_codes_with_variants_but_no_level_open_the_same_deal_at_basic():
    known = {
        "MLA-0007-T7": ("mililla", 7, {"clockwise": True, "target": 15}),
        "MIL-3RJ0-81J": ("mille", 123456, {"low_cut_deals": True, "target": 500}),
    }
    for code, (kind, seed, variants) in known.items():
        assert dealcode.read(code) == dealcode.DealCode(kind, seed, variants, "basic")
        rules = dealcode.rules_from_variants(game_spec(kind).rules_type, variants)
        assert dealcode.encode(kind, seed, rules) == code
        assert Session.from_code(code).seats[1:] == ("basic",) * (game_spec(kind).seats - 1)


@pytest.mark.parametrize(
    ("code", "problem"),
    [
        (
            "MIL-CBYX-ZZ",
            "does not check",
        ),  # a typo: once a match to 1,000 where the lower card deals
        ("MLA-0007-T", "does not check"),  # the check character left off
        ("MIL-7K3Q oops", "space inside"),  # ?deal=MIL-7K3Q%20oops once became MIL-7K3Q00PS
        ("MIL-7K3Q%20oops", "not a code character"),
    ],
)
def test_a_mistyped_code_is_refused_never_fixed_up(code, problem):
    with pytest.raises(SavedGameError, match=problem):
        dealcode.read(code)


@given(st.sampled_from(["mille", "mililla"]), st.integers(0, 32**6), st.data())
def test_one_character_changed_in_the_variant_part_is_almost_always_refused(kind, seed, data):
    spec = game_spec(kind)
    choice = {field: data.draw(st.sampled_from(values)) for field, values in spec.code_variants}
    code = dealcode.encode(kind, seed, dataclasses.replace(spec.rules_type(), **choice), "random")
    where = data.draw(st.integers(code.rindex("-") + 1, len(code) - 1))
    typo = data.draw(st.sampled_from([c for c in dealcode.ALPHABET if c != code[where]]))
    mistyped = code[:where] + typo + code[where + 1 :]
    try:
        deal = dealcode.read(mistyped)
    except SavedGameError:
        return
    assert deal != dealcode.read(code)  # a 1-in-32 miss at worst: never the same code read twice


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
        dealcode.read(f"MIL-0000-{too_far}{dealcode._check('MIL', '0000', too_far)}")
    with pytest.raises(ValueError, match="bot level"):
        dealcode.encode("mille", 1, None, "grandmaster")


def test_the_variant_is_said_in_plain_words_only_when_not_the_default():
    assert Session.new("mille", 5).variant_words == ""
    rules = dataclasses.replace(game_spec("mililla").rules_type(), target=15, clockwise=True)
    words = Session.new("mililla", 5, rules, seats=("human", "expert", "expert", "expert"))
    assert words.variant_words == (
        "Expert bots; not the rulebook's rules: play and the deal go clockwise; "
        "the match is played to 15 points"
    )
    mille = dataclasses.replace(game_spec("mille").rules_type(), target=1000, low_cut_deals=True)
    said = Session.new("mille", 5, mille).variant_words
    assert said == (
        "not the rulebook's rules: the lower card of the cut deals first; "
        "the match is played to 1,000 points"
    )
    assert Session.new("mille", 5).variants_said is None
    assert render(words.variants_said) == words.variant_words


def test_every_variant_of_every_game_has_plain_words():
    for kind, spec in ((k, game_spec(k)) for k in ("mille", "mililla")):
        for field, values in spec.code_variants:
            for value in values:
                said = dealcode.variant_message(kind, field, value)
                assert said.id.startswith(f"{kind}:variant."), (field, value)
                assert "_" not in str(said) and ": yes" not in str(said)
