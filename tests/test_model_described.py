"""Meta-test: every field of the compiled model (touring_dsl/language/model.py) reaches the reader (issue 17, item 5).

Each field is changed alone, on a real edition of the archive that uses it, and then
  - the diff (touring_dsl/diff/compare.py finds it, describe.py words it) must report a change, and
  - the rulebook (touring_dsl/rulebook/) must read differently;
each provenance (a rule's citations and assumptions) must appear in the rulebook's table of sources
(touring_dsl/rulebook/provenance.py, rule_provenances).

A field added to the model fails here, by name, until the differ and the rulebook say it, or until
it is listed below with the reason no reader needs it.
"""
from __future__ import annotations

import types
import typing
from functools import lru_cache

import pytest
from pydantic import BaseModel

from touring_dsl.language import model as m
from touring_dsl.language.archive import load
from touring_dsl.language.locate import archive_files
from touring_dsl.diff import diff_rulesets, render_text
from touring_dsl.rulebook.markdown import rulebook_markdown

# Fields that repeat another field, or that cannot change alone and stay a valid ruleset: the field they
# follow is the one checked.
DERIVED = {
    "Card.counters": "the compiler copies it into Ruleset.counters (Counter.cancels), which is checked",
    "Card.responder_next": "the compiler copies it into Ruleset.counters (Counter.responder_next), which is checked",
    "Progressive.table": "the first of Progressive.tables, which is checked",
    "Ruleset.deck": "a card cannot leave the deck alone while rules name it; every Card field is checked",
    "Example.players": "an example's seating must be one of the edition's setups: changed alone it is no example",
    "Example.setup": "an example's seating must be one of the edition's setups: changed alone it is no example",
}
# Fields the diff leaves alone on purpose, with the reason. A rule's meaning belongs in the diff.
NOT_IN_DIFF = {
    "Ruleset.format": "the version of the compiled model, not a rule",
    "Ruleset.id": "the edition's name: the diff's heading names both editions",
    "Ruleset.source_hash": "identifies the text compiled, not a rule",
    "Ruleset.parent": "how a variant was written, not what its rules are: the diff compares meaning",
    "Ruleset.changes": "how a variant was written, not what its rules are: the diff compares meaning",
    "Ruleset.sources": "where rules come from, not rules: the rulebook lists them",
    "Ruleset.examples": "worked examples check the rules, they are not rules: the diff compares rules",
    "Setup.id": "made from the setup's label, which the diff compares",
    "Setup.label": "a setup is compared by the seating it gives (players, sides, decks), not its label",
    "Source.id": "where rules come from, not rules: the rulebook lists them",
    "Source.document": "where rules come from, not rules: the rulebook lists them",
    "Source.description": "where rules come from, not rules: the rulebook lists them",
    "Source.outside": "where rules come from, not rules: the rulebook lists them",
    "Card.effect": "no archive edition names a hazard effect by its own attribute, so no real card can change it "
                   "alone here; each registered effect's diff words are checked by tests/test_hazard_effects.py "
                   "and the house rule that uses one by tests/test_house_rules.py",
}
# Fields the rulebook leaves alone on purpose, with the reason.
NOT_IN_RULEBOOK = {
    "Ruleset.format": "the version of the compiled model, not a rule",
    "Ruleset.id": "the archive's name for the edition; the rulebook is titled by its title",
    "Ruleset.source_hash": "identifies the text compiled, not a rule",
    "Ruleset.changes": "how a variant was written: the rulebook prints the rules it yields (and, from the "
                       "parent, what changed)",
    "Setup.id": "made from the setup's label",
    "Source.id": "the rulebook numbers its sources S1, S2, ...",
    "Card.effect": "no archive edition names a hazard effect by its own attribute; the rulebook words of every "
                   "registered effect are checked by tests/test_hazard_effects.py",
    "Ruleset.language": "not a rule: the language the rulebook is written in when the reader asks for none "
                        "(touring rulebook without --lang); tests/test_rulebook_french.py checks that it does",
}
# Classes that are a part of every rule rather than rules (checked through their holder).
LEAVES = (m.Provenance, m.Location, m.Change)  # (a Change: how a variant was written, see Ruleset.changes)
# Example classes: the rulebook prints them as worked examples; the diff compares rules, not examples.
EXAMPLE_CLASSES = (m.Example, m.ExampleSide, m.ExampleMove, m.ExampleCheck)


# -- the model's fields, by class ------------------------------------------------------------------------------

def _models_in(annotation) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [found for arg in typing.get_args(annotation) for found in _models_in(arg)]


def model_fields() -> list[tuple[type[BaseModel], str]]:
    """(class, field) for every field of every model reachable from Ruleset, provenance leaves excluded."""
    return _walk()[0]


def model_classes() -> list[type[BaseModel]]:
    """Every model class reachable from Ruleset, leaves excluded: those that hold only a provenance too (a
    mechanic's part with no setting of its own, such as the lead rotating)."""
    return [cls for cls in _walk()[1] if cls not in LEAVES]


def _walk() -> tuple[list[tuple[type[BaseModel], str]], list[type[BaseModel]]]:
    seen: list[type[BaseModel]] = []
    todo: list[type[BaseModel]] = [m.Ruleset]
    fields = []
    while todo:
        cls = todo.pop(0)
        if cls in seen or cls in LEAVES:
            continue
        seen.append(cls)
        for name, info in cls.model_fields.items():
            if _is_provenance(info.annotation) or info.annotation in (m.Location, m.Location | None):
                continue
            todo.extend(c for c in _models_in(info.annotation) if c not in seen)
            if isinstance(info.annotation, type) and issubclass(info.annotation, BaseModel):
                continue  # a section every ruleset has (race, turn...): its own fields are checked
            fields.append((cls, name))
    return fields, seen


def _is_provenance(annotation) -> bool:
    return annotation is m.Provenance


# -- real instances in the archive -----------------------------------------------------------------------------

@lru_cache(maxsize=None)
def editions() -> tuple[m.Ruleset, ...]:
    return tuple(load(str(path)) for path in archive_files())


def instances(node, path=()):
    """(instance, path from the Ruleset) for every model instance below node, leaves excluded."""
    if isinstance(node, LEAVES):
        return
    if isinstance(node, BaseModel):
        yield node, path
        for name in type(node).model_fields:
            yield from instances(getattr(node, name), path + (name,))
    elif isinstance(node, tuple):
        for i, item in enumerate(node):
            yield from instances(item, path + (i,))


def provenances(node, path=()):
    """(provenance, path) for every Provenance in the ruleset, with its path from the Ruleset."""
    if isinstance(node, m.Provenance):
        yield node, path
    elif isinstance(node, BaseModel):
        for name in type(node).model_fields:
            yield from provenances(getattr(node, name), path + (name,))
    elif isinstance(node, tuple):
        for i, item in enumerate(node):
            yield from provenances(item, path + (i,))


def replaced(node, path, new):
    """node with the value at path (field names and tuple indexes) replaced by new."""
    if not path:
        return new
    step, rest = path[0], path[1:]
    if isinstance(step, int):
        items = list(node)
        items[step] = replaced(items[step], rest, new)
        return tuple(items)
    return node.model_copy(update={step: replaced(getattr(node, step), rest, new)})


def _default(cls, name):
    info = cls.model_fields[name]
    if info.default_factory is not None:
        return info.default_factory()
    return info.default


def example_of(cls, name):
    """A ruleset and the path to an instance of cls whose field `name` holds something to change: the
    first one set to other than its default, else the first one found."""
    fallback = None
    for ruleset in editions():
        for instance, path in instances(ruleset):
            if type(instance) is not cls:
                continue
            value = getattr(instance, name)
            if value not in (None, (), "") and value != _default(cls, name):
                return ruleset, path
            fallback = fallback or (ruleset, path)
    return fallback


# -- changing one field ----------------------------------------------------------------------------------------

class NothingToChange(Exception):
    """The field can hold one value only (a Literal of one word): nothing to describe yet."""


def _card_names(ruleset: m.Ruleset, kind: str | None = None) -> list[str]:
    return [c.name for c in ruleset.deck if kind is None or c.kind == kind]


def _another_card(ruleset: m.Ruleset, name: str) -> str:
    """A different card of the same kind (or any other card)."""
    kind = next(c.kind for c in ruleset.deck if c.name == name)
    others = [n for n in _card_names(ruleset, kind) if n != name] or [n for n in _card_names(ruleset) if n != name]
    return others[0]


def changed(value, annotation, ruleset: m.Ruleset):
    """A different value of the same type, as an edition could hold it."""
    names = set(_card_names(ruleset))
    literal = _literal_options(annotation)
    if literal:
        others = [v for v in literal if v != value]
        if not others:
            raise NothingToChange
        return others[0]
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return _another_card(ruleset, value) if value in names else value + " (changed)"
    if value is None:
        inner = [a for a in typing.get_args(annotation) if a is not type(None)]
        if inner == [int]:
            return 1
        if inner == [str]:
            return _card_names(ruleset)[0]
        raise AssertionError(f"no value to give a field of type {annotation}")
    if isinstance(value, BaseModel):  # an optional section: dropped
        return None
    if isinstance(value, tuple):
        return _changed_tuple(value, annotation, ruleset, names)
    raise AssertionError(f"no change known for {value!r}")


def _literal_options(annotation) -> tuple:
    if typing.get_origin(annotation) is typing.Literal:
        return typing.get_args(annotation)
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        for arg in typing.get_args(annotation):
            if typing.get_origin(arg) is typing.Literal:
                return typing.get_args(arg)
    return ()


def _changed_tuple(value: tuple, annotation, ruleset, names) -> tuple:
    if value and isinstance(value[0], BaseModel):
        return value[:-1]  # one fewer (a counter, a setup...)
    if value and isinstance(value[0], tuple):  # pairs: (card, n), (text, provenance), (player, cards)
        head, tail = value[0]
        if isinstance(tail, m.Provenance):
            head += " (changed)"
        elif isinstance(tail, tuple):
            tail = tail + (_another_card(ruleset, tail[0]),)
        else:
            tail += 1
        return ((head, tail),) + value[1:]
    element = typing.get_args(annotation)[0] if typing.get_args(annotation) else str
    options = _literal_options(element)
    if options:
        missing = [o for o in options if o not in value]
        return value + (missing[0],) if missing else value[:-1]
    if value and isinstance(value[0], int):
        return value + (max(value) + 1,)
    if len(value) > 1:
        return value[:-1]
    if value:
        return value + (_another_card(ruleset, value[0]),)
    if typing.get_origin(element) is tuple:
        return ((_card_names(ruleset, "mileage")[0], 1),)
    return (_card_names(ruleset)[0],)


def variant_with(cls, name):
    """The ruleset an instance of cls is found in, and a copy with that instance's field changed."""
    found = example_of(cls, name)
    assert found is not None, f"no edition in the archive has a {cls.__name__}: add one that uses it"
    ruleset, path = found
    instance = ruleset
    for step in path:
        instance = instance[step] if isinstance(step, int) else getattr(instance, step)
    new = changed(getattr(instance, name), cls.model_fields[name].annotation, ruleset)
    return ruleset, _seated_examples_only(replaced(ruleset, path + (name,), new))


def _seated_examples_only(ruleset: m.Ruleset) -> m.Ruleset:
    """The ruleset without the worked examples whose seating a change took away (one fewer setup): such an
    example is no example of the changed edition, and the compiler would have refused it."""
    def seated(example) -> bool:
        try:
            ruleset.setup_for(example.players, example.setup)
        except KeyError:
            return False
        return True

    kept = tuple(e for e in ruleset.examples if seated(e))
    return ruleset if len(kept) == len(ruleset.examples) else ruleset.model_copy(update={"examples": kept})


@lru_cache(maxsize=None)
def rulebook(ruleset_id: str) -> str:
    return rulebook_markdown(next(r for r in editions() if r.id == ruleset_id))


FIELDS = [f"{cls.__name__}.{name}" for cls, name in model_fields()]
CLASSES = {cls.__name__: cls for cls in model_classes()}


def _field(label: str):
    cls_name, name = label.split(".")
    return CLASSES[cls_name], name


@pytest.mark.parametrize("label", [f for f in FIELDS if f not in NOT_IN_DIFF and f not in DERIVED
                                   and _field(f)[0] not in EXAMPLE_CLASSES])
def test_the_diff_describes_every_model_field(label):
    cls, name = _field(label)
    try:
        before, after = variant_with(cls, name)
    except NothingToChange:
        pytest.skip(f"{label} has one possible value")
    diff = diff_rulesets(before, after)
    assert diff.changes, (
        f"the model field {label} changed in {before.id} and the diff said nothing: compare it in "
        f"touring_dsl/diff/compare.py and word it in touring_dsl/diff/describe.py (or, if no reader of a diff "
        f"needs it, list it in NOT_IN_DIFF in {__name__} with the reason)")
    render_text(diff)  # every change it reports has words


@pytest.mark.parametrize("label", [f for f in FIELDS if f not in NOT_IN_RULEBOOK and f not in DERIVED])
def test_the_rulebook_tells_every_model_field(label):
    cls, name = _field(label)
    try:
        before, after = variant_with(cls, name)
    except NothingToChange:
        pytest.skip(f"{label} has one possible value")
    assert rulebook_markdown(after) != rulebook(before.id), (
        f"the model field {label} changed in {before.id} and the rulebook read the same: word it in "
        f"touring_dsl/rulebook/ (or, if no player needs it, list it in NOT_IN_RULEBOOK in {__name__} with the reason)")


def provenance_fields() -> list[str]:
    """Every place a Provenance sits in the model, by class and field ('Zones.start_provenance')."""
    labels = []
    for cls, name in [(c, n) for c in CLASSES.values() for n in c.model_fields]:
        if _is_provenance(cls.model_fields[name].annotation):
            labels.append(f"{cls.__name__}.{name}")
    labels.append("Ruleset.notes")  # (text, provenance) pairs
    return sorted(set(labels))


def _provenance_example(label: str):
    cls_name, name = label.split(".")
    for ruleset in editions():
        for prov, path in provenances(ruleset):
            holder = ruleset
            for step in path[:-1]:
                holder = holder[step] if isinstance(step, int) else getattr(holder, step)
            if label == "Ruleset.notes" and path[:1] == ("notes",):
                return ruleset, path, prov
            if type(holder).__name__ == cls_name and path[-1] == name:
                return ruleset, path, prov
    return None


@pytest.mark.parametrize("label", [p for p in provenance_fields() if not p.startswith(("Example", "Ruleset.examples"))])
def test_the_rulebook_cites_every_provenance(label):
    found = _provenance_example(label)
    assert found is not None, f"no edition in the archive has a {label}: add one that uses it"
    ruleset, path, prov = found
    if not ruleset.sources:
        pytest.skip("an edition without sources")
    source = ruleset.sources[0]
    cite = m.Citation(source=source.id, document=source.document, section="Meta-test section 4711")
    after = replaced(ruleset, path, prov.model_copy(update={"cites": prov.cites + (cite,)}))
    assert "Meta-test section 4711" in rulebook_markdown(after), (
        f"the rulebook does not cite the sources of {label} ({ruleset.id}): give it a row in "
        "rule_provenances (touring_dsl/rulebook/provenance.py)")


def test_every_field_is_walked():
    """The walk reaches the fields this test was written against, so a rename cannot empty it."""
    assert {"Card.acts_as_go", "RulesetMechanics.lead_rotation", "Zones.speeding", "Progressive.umpire",
            "Race.caps"} <= set(FIELDS)
    assert {"LeadRotation.provenance", "Zones.start_provenance"} <= set(provenance_fields())
    assert not (set(NOT_IN_DIFF) | set(NOT_IN_RULEBOOK) | set(DERIVED)) - set(FIELDS)
