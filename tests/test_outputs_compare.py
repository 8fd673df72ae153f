"""What counts as the same stored output (jaxerr_lsp.docs_site.outputs.same_output)."""

from jaxerr_lsp.docs_site.outputs import same_output


def test_addresses_and_object_ids_differ_from_run_to_run():
    stored = ("<DynamicJaxprTracer 139907449865520> is referred to by <list 139907450416512>[0]\n"
              "<function Model.apply at 0x7f1b8f72f380>")
    fresh = ("<DynamicJaxprTracer 140260884882128> is referred to by <list 140260884911040>[0]\n"
             "<function Model.apply at 0x7fd0f2669d00>")
    assert same_output(stored, fresh)


def test_other_numbers_still_count():
    assert not same_output("Out of memory allocating 4000000 bytes.",
                           "Out of memory allocating 4000004 bytes.")
    assert not same_output("got (2,) and (5,).", "got (2,) and (6,).")
    # (a short number in angle brackets is no object id)
    assert not same_output("<list 12>", "<list 13>")
    assert not same_output("<list 139907450416512>[0]", "<dict 139907450416512>[0]")
