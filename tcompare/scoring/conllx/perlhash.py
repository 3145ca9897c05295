"""A dict whose ``keys()`` come out in the order Perl 5.36 gives with ``PERL_HASH_SEED=0``.

Why: eval.pl sorts hash keys by count with Perl's stable merge sort, so keys with equal
counts keep Perl's hash order; the reference reports in ``../shared/anchors/conllx`` were
made with ``PERL_HASH_SEED=0`` (which also turns key-order perturbation off), so that order
is a pure function of the keys inserted and deleted, and can be replayed.

What is replayed (perl 5.36, 64-bit, ``HASH_FUNCTION = SBOX32_WITH_SIPHASH_1_3``):

* hash value of a key (its UTF-8 bytes): keys up to 24 bytes use SBOX32 -- a table of
  ``1 + 256*24`` 32-bit words filled by a xorshift128 generator seeded from the all-zero
  seed after `CHURN_ROUNDS` SBOX32_MIX4 rounds; ``h = T[0] ^ T[1 + 256*i + byte_i]`` over
  the bytes -- longer keys use SipHash-1-3 with a zero key, folded to 32 bits
  (``low ^ high``);
* the table: 8 buckets to start; a new key goes to the head of bucket ``h & max``; when
  the key landed in a non-empty bucket and ``keys + keys/2 > max``, the bucket array doubles
  and each chain is split in order, moved entries pushed on the head of their new bucket;
  deleting unlinks; nothing ever shrinks;
* traversal: bucket ``(i ^ R) & max`` for ``i = 0 .. max``, each chain from its head, where
  R is the iterator constant perl derives from the zero seed.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterator, cast

MASK32 = 0xFFFFFFFF
MASK64 = 0xFFFFFFFFFFFFFFFF
SBOX32_MAX_LEN = 24
CHURN_ROUNDS = 128
ITER_RAND = 0xBE49D17F   # xhv_rand: PL_hash_rand_bits seeded from the zero seed


def _rotl32(x: int, r: int) -> int:
    return ((x << r) | (x >> (32 - r))) & MASK32


def _rotl64(x: int, r: int) -> int:
    return ((x << r) | (x >> (64 - r))) & MASK64


def _mix4(s0: int, s1: int, s2: int, s3: int, rounds: int) -> tuple[int, int, int, int]:
    for _ in range(rounds):
        s0 = (_rotl32(s0, 13) - s3) & MASK32
        s1 ^= s2
        s3 = (_rotl32(s3, 9) + s1) & MASK32
        s2 ^= s0
        s0 = _rotl32(s0, 14) ^ s3
        s1 = (_rotl32(s1, 25) - s2) & MASK32
        s3 ^= s1
        s2 = (_rotl32(s2, 4) - s0) & MASK32
    return s0, s1, s2, s3


def _sbox_state(rounds: int) -> list[int]:
    """sbox32_seed_state128 (perl >= 5.32 variant) for the all-zero seed."""
    seed = (0, 0, 0, 0)
    # "sbox" "hash" "good" "fast", first two swapped in the newer seeding
    s0, s1, s2, s3 = seed[1] ^ 0x786F6273, seed[0] ^ 0x68736168, seed[2] ^ 0x646F6F67, seed[3] ^ 0x74736166
    s0, s1, s2, s3 = s0 or 1, s1 or 2, s2 or 4, s3 or 8
    s0, s1, s2, s3 = _mix4(s0, s1, s2, s3, rounds)
    s0 ^= ~seed[3] & MASK32
    s1 ^= ~seed[2] & MASK32
    s2 ^= ~seed[1] & MASK32
    s3 ^= ~seed[0] & MASK32
    s0, s1, s2, s3 = s0 or 8, s1 or 4, s2 or 2, s3 or 1
    s0, s1, s2, s3 = _mix4(s0, s1, s2, s3, rounds)
    state = [0] * (1 + 256 * SBOX32_MAX_LEN)

    def step() -> int:
        nonlocal s0, s1, s2, s3
        t = (s0 ^ (s0 << 5)) & MASK32
        s0, s1, s2 = s1, s2, s3
        s3 = (s3 ^ (s3 >> 29)) ^ (t ^ (t >> 12))
        return s3

    for i in range(1, len(state)):
        state[i] = step()
    state[0] = step()
    return state


_STATE: list[int] | None = None


def _state() -> list[int]:
    global _STATE
    if _STATE is None:
        _STATE = _sbox_state(CHURN_ROUNDS)
    return _STATE


def _sipround(v0: int, v1: int, v2: int, v3: int) -> tuple[int, int, int, int]:
    """One SipRound on the four 64-bit state words."""
    M = MASK64
    v0 = (v0 + v1) & M
    v1 = ((v1 << 13) | (v1 >> 51)) & M ^ v0
    v0 = ((v0 << 32) | (v0 >> 32)) & M
    v2 = (v2 + v3) & M
    v3 = ((v3 << 16) | (v3 >> 48)) & M ^ v2
    v0 = (v0 + v3) & M
    v3 = ((v3 << 21) | (v3 >> 43)) & M ^ v0
    v2 = (v2 + v1) & M
    v1 = ((v1 << 17) | (v1 >> 47)) & M ^ v2
    v2 = ((v2 << 32) | (v2 >> 32)) & M
    return v0, v1, v2, v3


def _siphash13(data: bytes) -> int:
    """SipHash-1-3 with a zero key, 64-bit result folded to 32 bits."""
    M = MASK64
    v0, v1, v2, v3 = 0x736F6D6570736575, 0x646F72616E646F6D, 0x6C7967656E657261, 0x7465646279746573
    n = len(data)
    end = n - (n & 7)
    words = [int.from_bytes(data[i:i + 8], "little") for i in range(0, end, 8)]
    words.append(((n << 56) & M) | int.from_bytes(data[end:], "little"))
    for m in words:                       # one compression round per word (the last is the tail)
        v3 ^= m
        v0, v1, v2, v3 = _sipround(v0, v1, v2, v3)
        v0 ^= m
    v2 ^= 0xFF
    for _ in range(3):                    # finalisation rounds
        v0, v1, v2, v3 = _sipround(v0, v1, v2, v3)
    h = v0 ^ v1 ^ v2 ^ v3
    return (h & MASK32) ^ (h >> 32)


_COMPILED: Any = None


def _compiled() -> Any:
    """The compiled hash (`conllx._kernel.PerlHasher`), or False (not built, or
    TCOMPARE_PURE_PYTHON=1): the Python below is its oracle."""
    global _COMPILED
    if _COMPILED is None:
        from tcompare import compiled

        kernel = compiled.conllx_kernel()
        _COMPILED = kernel.PerlHasher(_state()) if kernel is not None else False
    return _COMPILED


def perl_hash(key: str) -> int:
    """Perl's 32-bit hash of a byte-string key (given as text, hashed as UTF-8)."""
    compiled = _COMPILED if _COMPILED is not None else _compiled()
    if compiled:
        # not cached: the compiled hash costs less than a cache entry, and a cache would
        # keep up to 2^18 keys alive long after their tables have dropped them
        return int(compiled(key.encode("utf-8", "surrogateescape")))
    return _perl_hash_cached(key)


@lru_cache(maxsize=1 << 18)
def _perl_hash_cached(key: str) -> int:
    return perl_hash_py(key.encode("utf-8", "surrogateescape"))


def perl_hash_py(data: bytes) -> int:
    """`perl_hash` of UTF-8 bytes, in Python."""
    if len(data) <= SBOX32_MAX_LEN:
        state = _state()
        h = state[0]
        for i, byte in enumerate(data):
            h ^= state[1 + 256 * i + byte]
        return h
    return _siphash13(data)


class Chains:
    """Perl's bucket array itself: chains of (hash, key), split as the table grows."""

    __slots__ = ("buckets", "max")

    def __init__(self, size: int = 8) -> None:
        self.buckets: list[list[tuple[int, str]]] = [[] for _ in range(size)]
        self.max = size - 1

    def insert(self, key: str, count: int) -> None:
        """A new key, `count` keys in the table with it."""
        h = perl_hash(key)
        bucket = self.buckets[h & self.max]
        collided = bool(bucket)
        bucket.insert(0, (h, key))
        if collided and count + (count >> 1) > self.max:
            self._split()

    def delete(self, key: str) -> None:
        bucket = self.buckets[perl_hash(key) & self.max]
        for i, (_, k) in enumerate(bucket):
            if k == key:
                del bucket[i]
                break

    def _split(self) -> None:
        old = self.max + 1
        new_max = old * 2 - 1
        self.buckets.extend([] for _ in range(old))
        for i in range(old):
            chain = self.buckets[i]
            if not chain:
                continue
            keep: list[tuple[int, str]] = []
            for entry in chain:            # in chain order; movers go on the head of i+old
                if entry[0] & new_max != i:
                    self.buckets[i + old].insert(0, entry)
                else:
                    keep.append(entry)
            self.buckets[i] = keep
        self.max = new_max

    def order(self) -> list[str]:
        """The keys as Perl's iterator gives them."""
        rand, buckets, mx = ITER_RAND, self.buckets, self.max
        return [key for i in range(mx + 1) for _, key in buckets[(i ^ rand) & mx]]

    @classmethod
    def rebuilt(cls, order: list[str], size: int) -> Chains:
        """The chains of a table of `size` buckets whose keys iterate in `order`."""
        chains = cls(size)
        for key in order:                   # bucket by bucket, each chain from its head
            h = perl_hash(key)
            chains.buckets[h & chains.max].append((h, key))
        return chains


class PerlHash(dict[str, Any]):
    """A dict whose `keys` / `values` / `items` / iteration come in Perl's order.

    The chains are not kept while the table fills (they cost several objects a key, and
    the report's tables hold hundreds of thousands of keys): at the first delete or the
    first look at the order, they are built once from the keys in insertion order (the
    dict's own order; an update moves no key, in Perl or here), and only that order and
    the table size are kept.  A delete unlinks a key and moves no other, so the order of
    what is left is that order filtered; a key added after that rebuilds the chains.
    """

    __slots__ = ("_order", "_size")

    def __init__(self) -> None:
        super().__init__()
        self._order: list[str] | None = None
        self._size = 8

    def __setitem__(self, key: str, value: Any) -> None:
        if self._order is not None and not dict.__contains__(self, key):
            chains = Chains.rebuilt(self._live(), self._size)
            chains.insert(key, dict.__len__(self) + 1)
            self._order, self._size = chains.order(), chains.max + 1
        dict.__setitem__(self, key, value)

    def __delitem__(self, key: str) -> None:
        if self._order is None:
            self._freeze()
        dict.__delitem__(self, key)

    def _freeze(self) -> None:
        chains = Chains()
        for count, key in enumerate(dict.__iter__(self), 1):
            chains.insert(key, count)
        self._order, self._size = chains.order(), chains.max + 1

    def _live(self) -> list[str]:
        if self._order is None:
            self._freeze()
        order = cast("list[str]", self._order)
        if len(order) != dict.__len__(self):
            has = self.__contains__
            order = self._order = [k for k in order if has(k)]
        return order

    def update(self, other: Any = (), /, **kw: Any) -> None:
        if self._order is None and not kw:
            dict.update(self, other)          # the fill: no chains to keep yet
            return
        for key, value in (other.items() if hasattr(other, "items") else other):
            self[key] = value
        for key, value in kw.items():
            self[key] = value

    def setdefault(self, key: str, default: Any = None) -> Any:
        if key not in self:
            self[key] = default
        return dict.__getitem__(self, key)

    def pop(self, key: str, *default: Any) -> Any:
        if key in self:
            value = dict.__getitem__(self, key)
            del self[key]
            return value
        if default:
            return default[0]
        raise KeyError(key)

    # lists in Perl's order, not views (what eval.pl's `keys` / `values` give)
    def keys(self) -> list[str]:  # type: ignore[override]
        return list(self._live())

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._live()))

    def values(self) -> list[Any]:  # type: ignore[override]
        get = dict.__getitem__
        return [get(self, k) for k in self._live()]

    def items(self) -> list[tuple[str, Any]]:  # type: ignore[override]
        get = dict.__getitem__
        return [(k, get(self, k)) for k in self._live()]
