"""`pytree.joined_structure`: what two structures certainly share (a name bound on two paths,
a loop's back-edge). Whatever the join says is known must hold in both structures."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from jaxerr_lsp.analysis.pytree import (LEAF, UNKNOWN, DictNode, Leaf, ListNode, NoneNode, Opaque,
                                        Structure, TupleNode, Unknown, joined_structure)

LEAVES = st.sampled_from([Leaf("ArrayImpl"), Leaf("int"), LEAF, NoneNode(), UNKNOWN])
STRUCTURES = st.recursive(
    LEAVES,
    lambda children: st.one_of(
        st.lists(children, max_size=3).map(lambda c: TupleNode(tuple(c))),
        st.lists(children, max_size=3).map(lambda c: ListNode(tuple(c))),
        st.dictionaries(st.sampled_from("abc"), children, max_size=3).map(
            lambda d: DictNode(tuple(sorted(d.items())))),
        st.sampled_from([Opaque("tuple"), Opaque("list"), Opaque("dict")])),
    max_leaves=8)


def holds_in(joined: Structure, other: Structure) -> bool:
    """Whether everything `joined` says is known is true of `other`."""
    if isinstance(joined, Unknown):
        return True
    if isinstance(joined, Leaf):
        return isinstance(other, Leaf) and (joined.kind == "leaf" or joined == other)
    if isinstance(joined, Opaque):
        kinds = {TupleNode: "tuple", ListNode: "list", DictNode: "dict"}
        return other == joined or kinds.get(type(other)) == joined.type_name  # type: ignore[call-overload]
    if type(joined) is not type(other):
        return False
    if isinstance(joined, (TupleNode, ListNode)):
        return len(joined.children) == len(other.children) and all(  # type: ignore[union-attr]
            holds_in(a, b) for a, b in zip(joined.children, other.children))  # type: ignore[union-attr]
    if isinstance(joined, DictNode):
        return joined.keys == other.keys and all(  # type: ignore[union-attr]
            holds_in(a, b) for (_, a), (_, b) in zip(joined.entries, other.entries))  # type: ignore[union-attr]
    return joined == other


@settings(max_examples=300, deadline=None)
@given(STRUCTURES, STRUCTURES)
def test_the_join_claims_only_what_both_structures_show(first: Structure, second: Structure) -> None:
    joined = joined_structure(first, second)
    assert holds_in(joined, first) and holds_in(joined, second)
    assert joined_structure(first, first) == first


def test_a_dict_of_one_shape_keeps_its_keys_and_loses_differing_leaves() -> None:
    first = DictNode((("b", ListNode((Leaf("ArrayImpl"),))), ("w", Leaf("ArrayImpl"))))
    second = DictNode((("b", ListNode((UNKNOWN,))), ("w", Leaf("int"))))
    assert joined_structure(first, second) == DictNode((("b", ListNode((UNKNOWN,))), ("w", LEAF)))
    assert joined_structure(TupleNode((LEAF,)), TupleNode((LEAF, LEAF))) == Opaque("tuple")
    assert joined_structure(TupleNode(()), ListNode(())) is UNKNOWN
