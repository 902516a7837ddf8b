"""Perfect matchings for the draw: Edmonds' blossom algorithm on a small graph (pure Python).

The draw asks one question many times: once these two sit together, can everyone left still
be paired with someone allowed? A maximum matching, kept up to date as pairs are taken out,
answers it with one augmenting-path search instead of a search over every pairing.
"""

from __future__ import annotations

from collections import deque

__all__ = ["Matching", "nearest_perfect_matching"]


def nearest_perfect_matching(neighbours: list[list[int]]) -> list[tuple[int, int]] | None:
    """The pairing of 0..n-1 along allowed edges found top down, or None when there is none.

    Vertex 0 takes the lowest-numbered neighbour that leaves the rest a perfect matching, then
    the lowest vertex left does the same, and so on: the lexicographically first pairing.
    """
    matching = Matching(neighbours)
    if not matching.is_perfect():
        return None
    pairs = []
    for top in range(len(neighbours)):
        if not matching.alive[top]:
            continue
        row = matching.neighbours[top]
        partner = next(v for v in row if matching.alive[v] and matching.take(top, v))
        pairs.append((top, partner))
    return pairs


class Matching:
    """A maximum matching of the graph on the vertices still alive (`mate[v]`, -1: none)."""

    def __init__(self, neighbours: list[list[int]]) -> None:
        self.neighbours = [sorted(row) for row in neighbours]
        self.size = len(neighbours)
        self.alive = [True] * self.size
        self.mate = [-1] * self.size
        self.parent = [-1] * self.size
        self.base = list(range(self.size))
        self.used = [False] * self.size
        self.blossom = [False] * self.size
        # Greedy first, nearest neighbour, so that few vertices need an augmenting path.
        for vertex in range(self.size):
            if self.mate[vertex] == -1:
                free = next(
                    (v for v in self.neighbours[vertex] if self.mate[v] == -1 and v != vertex),
                    None,
                )
                if free is not None:
                    self.mate[vertex], self.mate[free] = free, vertex
        for vertex in range(self.size):
            if self.mate[vertex] == -1:
                self._augment_from(vertex)

    def is_perfect(self) -> bool:
        return all(self.mate[v] != -1 for v in range(self.size) if self.alive[v])

    def take(self, first: int, second: int) -> bool:
        """Pairs `first` with `second` and takes both out, if the rest stays perfectly matched.

        Call only while the matching is perfect; on refusal nothing changes.
        """
        if self.mate[first] == second:
            self.alive[first] = self.alive[second] = False
            return True
        saved = list(self.mate)
        left_first, left_second = self.mate[first], self.mate[second]
        self.alive[first] = self.alive[second] = False
        self.mate[first], self.mate[second] = second, first
        self.mate[left_first] = self.mate[left_second] = -1
        if self._augment_from(left_first):
            return True
        self.mate = saved
        self.alive[first] = self.alive[second] = True
        return False

    def _augment_from(self, root: int) -> bool:
        end = self._find_path(root)
        if end == -1:
            return False
        vertex = end
        while vertex != -1:
            parent = self.parent[vertex]
            after = self.mate[parent]
            self.mate[vertex], self.mate[parent] = parent, vertex
            vertex = after
        return True

    def _find_path(self, root: int) -> int:
        """Breadth first from the unmatched `root`; the unmatched vertex reached, or -1."""
        self.used = [False] * self.size
        self.parent = [-1] * self.size
        self.base = list(range(self.size))
        self.used[root] = True
        queue = deque([root])
        while queue:
            vertex = queue.popleft()
            for other in self.neighbours[vertex]:
                end = self._step(vertex, other, root, queue)
                if end != -1:
                    return end
        return -1

    def _step(self, vertex: int, other: int, root: int, queue: deque[int]) -> int:
        if not self.alive[other] or self.base[vertex] == self.base[other]:
            return -1
        if self.mate[vertex] == other:
            return -1
        if other == root or (self.mate[other] != -1 and self.parent[self.mate[other]] != -1):
            self._contract(vertex, other, queue)
        elif self.parent[other] == -1:
            self.parent[other] = vertex
            if self.mate[other] == -1:
                return other
            self.used[self.mate[other]] = True
            queue.append(self.mate[other])
        return -1

    def _contract(self, vertex: int, other: int, queue: deque[int]) -> None:
        """An odd cycle: its vertices become one, whose base is where the two paths meet."""
        new_base = self._common_ancestor(vertex, other)
        self.blossom = [False] * self.size
        self._mark_path(vertex, new_base, other)
        self._mark_path(other, new_base, vertex)
        for index in range(self.size):
            if self.blossom[self.base[index]]:
                self.base[index] = new_base
                if not self.used[index]:
                    self.used[index] = True
                    queue.append(index)

    def _common_ancestor(self, first: int, second: int) -> int:
        seen = [False] * self.size
        while True:
            first = self.base[first]
            seen[first] = True
            if self.mate[first] == -1:
                break
            first = self.parent[self.mate[first]]
        while True:
            second = self.base[second]
            if seen[second]:
                return second
            second = self.parent[self.mate[second]]

    def _mark_path(self, vertex: int, new_base: int, child: int) -> None:
        while self.base[vertex] != new_base:
            self.blossom[self.base[vertex]] = True
            self.blossom[self.base[self.mate[vertex]]] = True
            self.parent[vertex] = child
            child = self.mate[vertex]
            vertex = self.parent[self.mate[vertex]]
