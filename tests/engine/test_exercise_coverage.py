"""The coverage matrix: every rule id with its exercises and the lessons that show them."""

import json
from pathlib import Path

from cardschool.engine.exercises.__main__ import main
from cardschool.engine.exercises.coverage import coverage, format_coverage
from cardschool.engine.rulebook import RULES

TUTORIAL = Path(__file__).resolve().parents[2] / "tutorial"

FILE = """
[[exercise]]
id = "lead.any"
game = "mililla"
rules = ["mililla.lead"]
prompt.en = "You lead: play any card."
prompt.fr = "Vous entamez : jouez n'importe quelle carte."
prompt.es = "Sales tu: juega cualquier carta."
task = "play"
goal = "legal"
position = '''
dealer West
trump 5O
South: KC 2C 6O AE 3E KB 5B 4B 2B AB
East: 5O KO JO 3O AO 7C 6C 5C 2E JB
North: JC 7O 4O KE HE 6E 5E 3B 6B 4C
West: 3C AC HO 2O 7E JE 4E HB 7B HC
'''
"""


def test_every_rule_id_of_the_shipped_tutorial_is_practised():
    rows = coverage(TUTORIAL)
    assert [row.rule for row in rows] == list(RULES)
    assert all(row.exercises for row in rows), [row.rule for row in rows if not row.exercises]
    assert f"{len(RULES)} of {len(RULES)} rule ids practised" in format_coverage(rows)


def test_a_lesson_counts_for_the_rules_of_the_files_it_shows(tmp_path, capsys):
    (tmp_path / "exercises").mkdir()
    (tmp_path / "exercises" / "lead.toml").write_text(FILE)
    cell = {"cell_type": "code", "source": ['exercises("exercises/lead.toml")'], "metadata": {}}
    notebook = {"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (tmp_path / "lesson.ipynb").write_text(json.dumps(notebook))
    rows = {row.rule: row for row in coverage(tmp_path)}
    assert rows["mililla.lead"].exercises == ("lead.any",)
    assert rows["mililla.lead"].lessons == ("lesson.ipynb",)
    assert rows["mililla.beat"].exercises == () and rows["mililla.beat"].lessons == ()
    assert main(["coverage", str(tmp_path)]) == 0
    summary = f"1 of {len(RULES)} rule ids practised by exercises; 1 shown in a lesson"
    assert summary in capsys.readouterr().out
