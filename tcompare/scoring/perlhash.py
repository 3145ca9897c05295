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
from typing import Any, Iterator

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
    """The compiled hash (`_conllx_kernel.PerlHasher`), or False (not built, or
    TCOMPARE_PURE_PYTHON=1): the Python below is its oracle."""
    global _COMPILED
    if _COMPILED is None:
        import os

        _COMPILED = False
        if os.environ.get("TCOMPARE_PURE_PYTHON", "") in ("", "0"):
            import importlib

            try:
                kernel = importlib.import_module("tcompare.scoring._conllx_kernel")
            except ImportError:
                pass
            else:
                _COMPILED = kernel.PerlHasher(_state())
    return _COMPILED


@lru_cache(maxsize=1 << 18)
def perl_hash(key: str) -> int:
    """Perl's 32-bit hash of a byte-string key (given as text, hashed as UTF-8)."""
    data = key.encode("utf-8", "surrogateescape")
    compiled = _compiled()
    if compiled:
        return int(compiled(data))
    return perl_hash_py(data)


def perl_hash_py(data: bytes) -> int:
    """`perl_hash` of UTF-8 bytes, in Python."""
    if len(data) <= SBOX32_MAX_LEN:
        state = _state()
        h = state[0]
        for i, byte in enumerate(data):
            h ^= state[1 + 256 * i + byte]
        return h
    return _siphash13(data)


class PerlHash(dict[str, Any]):
    """A dict that also keeps Perl's bucket chains, for `keys` / `values` / `items` / iteration."""

    __slots__ = ("_buckets", "_max")

    def __init__(self) -> None:
        super().__init__()
        self._buckets: list[list[tuple[int, str]]] = [[] for _ in range(8)]
        self._max = 7

    def __setitem__(self, key: str, value: Any) -> None:
        if not dict.__contains__(self, key):
            h = perl_hash(key)
            bucket = self._buckets[h & self._max]
            collided = bool(bucket)
            bucket.insert(0, (h, key))
            n = dict.__len__(self) + 1
            if collided and n + (n >> 1) > self._max:
                self._split()
        dict.__setitem__(self, key, value)

    def __delitem__(self, key: str) -> None:
        dict.__delitem__(self, key)
        bucket = self._buckets[perl_hash(key) & self._max]
        for i, (_, k) in enumerate(bucket):
            if k == key:
                del bucket[i]
                break

    def _split(self) -> None:
        old = self._max + 1
        new_max = old * 2 - 1
        self._buckets.extend([] for _ in range(old))
        for i in range(old):
            chain = self._buckets[i]
            if not chain:
                continue
            keep: list[tuple[int, str]] = []
            for entry in chain:            # in chain order; movers go on the head of i+old
                if entry[0] & new_max != i:
                    self._buckets[i + old].insert(0, entry)
                else:
                    keep.append(entry)
            self._buckets[i] = keep
        self._max = new_max

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

    def _order(self) -> Iterator[str]:
        rand = ITER_RAND
        buckets, mx = self._buckets, self._max
        for i in range(mx + 1):
            for _, key in buckets[(i ^ rand) & mx]:
                yield key

    # lists in Perl's order, not views (what eval.pl's `keys` / `values` give)
    def keys(self) -> list[str]:  # type: ignore[override]
        return list(self._order())

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._order()))

    def values(self) -> list[Any]:  # type: ignore[override]
        return [dict.__getitem__(self, k) for k in self._order()]

    def items(self) -> list[tuple[str, Any]]:  # type: ignore[override]
        return [(k, dict.__getitem__(self, k)) for k in self._order()]
