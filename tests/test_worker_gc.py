"""The worker's garbage collection between jobs: young objects after every job, everything
every `FULL_COLLECTION_EVERY` jobs (the engine frees what it builds by reference counting;
a cycle that outlived a young collection is still freed within that many jobs)."""

from __future__ import annotations

import gc
import weakref

from jaxerr_lsp.server import worker


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


def test_a_cycle_is_freed_young_or_within_a_full_collection() -> None:
    enabled = gc.isenabled()
    gc.disable()
    try:
        young = Node()
        young.other = young
        dead_young = weakref.ref(young)
        del young
        worker.collect_garbage()  # whichever of the two it is: the cycle is young
        assert dead_young() is None

        old = Node()
        old.other = old
        dead_old = weakref.ref(old)
        gc.collect(0)  # survives a young collection while referenced: now older
        del old
        for _ in range(worker.FULL_COLLECTION_EVERY):
            worker.collect_garbage()
        assert dead_old() is None
    finally:
        if enabled:
            gc.enable()
