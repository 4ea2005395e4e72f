"""The executor's shortcut for plain leaf fields answers exactly as graphql-core's own
executor does, errors included."""
from graphql import build_schema, execute, parse
from graphql.execution import ExecutionContext

from sandbox.execution import SandboxExecutionContext

SCHEMA = build_schema("""
enum Level { Junior Senior }
type Person { id: Int! name: String! level: Level nick: String }
type Team { id: Int! members: [Person!]! lead: Person }
type Query { people: [Person!]! teams: [Team!]! maybe: [Person] one(id: Int!): Person }
""")


def both(query, root):
    document = parse(query)
    plain = execute(SCHEMA, document, root_value=root, execution_context_class=ExecutionContext)
    fast = execute(SCHEMA, document, root_value=root, execution_context_class=SandboxExecutionContext)
    return plain, fast


def same(query, root):
    plain, fast = both(query, root)
    assert fast.data == plain.data
    assert [e.formatted for e in fast.errors or []] == [e.formatted for e in plain.errors or []]
    return fast


def test_leaf_lists_and_nested_objects_match():
    people = [{"id": i, "name": f"P{i}", "level": "Senior" if i % 2 else "Junior", "nick": None} for i in range(50)]
    root = {"people": people, "teams": [{"id": 1, "members": people[:3], "lead": people[0]}], "maybe": [people[0], None]}
    result = same("{ people { id name level nick } teams { id lead { id } members { id name } } maybe { id } }", root)
    assert result.data["people"][1] == {"id": 1, "name": "P1", "level": "Senior", "nick": None}
    assert result.data["maybe"] == [{"id": 0}, None]
    same("{ people { a: id b: name id } }", root)


def test_a_null_in_a_non_null_field_is_the_same_error():
    root = {"people": [{"id": 1, "name": "A"}, {"id": 2, "name": None}], "teams": [], "maybe": []}
    result = same("{ people { id name } }", root)
    assert result.data is None
    assert "Cannot return null for non-nullable field Person.name." in result.errors[0].message


def test_values_the_scalar_cannot_serialize_are_the_same_error():
    root = {"people": [{"id": "not a number", "name": "A"}], "teams": [], "maybe": [{"id": 1, "name": "B", "level": "Nope"}]}
    same("{ people { id } }", root)
    same("{ maybe { id level } }", root)


def test_callables_and_typename_take_the_general_path():
    root = {"people": [{"id": lambda *_: 7, "name": "A"}], "teams": [], "maybe": []}
    result = same("{ people { id name __typename } }", root)
    assert result.data["people"] == [{"id": 7, "name": "A", "__typename": "Person"}]


def test_inline_leaves_fall_back_exactly():
    root = {"people": [{"id": 2 ** 31, "name": "A"}], "teams": [], "maybe": [{"id": True, "name": 5, "level": "Junior"}]}
    same("{ people { id } }", root)
    result = same("{ maybe { id name level } }", root)
    assert result.data["maybe"] == [{"id": 1, "name": "5", "level": "Junior"}]


def test_nested_lists_and_objects_stand_aside_on_a_bad_item():
    people = [{"id": 1, "name": "A"}, {"id": 2, "name": "B"}]
    same("{ teams { id lead { id name } members { id name } } }", {"teams": [{"id": 1, "lead": None, "members": people}], "people": [], "maybe": []})
    same("{ teams { id members { id } } }", {"teams": [{"id": 1, "members": [people[0], None]}], "people": [], "maybe": []})
    same("{ teams { id members { id } } }", {"teams": [{"id": 1, "members": "not a list"}], "people": [], "maybe": []})
    same("{ teams { id lead { id } } }", {"teams": [{"id": 1, "members": [], "lead": "not an object"}], "people": [], "maybe": []})
