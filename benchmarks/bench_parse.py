"""Benchmark: `tcompare parse` against the parser's own time (issue 31: our overhead < 10 %).

Input: the UD English-EWT test file (``$TCOMPARE_REFS/ewt/en_ewt-ud-test.r2.12.conllu``, else
the mirror's copy) and, for GiNZA, UD Japanese-GSD's (mirror).  For each pipeline installed:

* the parser alone: ``nlp.pipe`` over the same inputs our adapter gives it (Docs made from
  the gold's words; or the documents' raw text), results thrown away;
* tcompare: `parse_corpus` (Docs made, parsed, read back into DepSentences, CoNLL-U text
  written), the gold already read and the model already loaded (both are the same for
  either way).

Each is run 3 times, alternating, the best kept.  Overhead = tcompare / parser - 1.  Figures
are printed, never asserted.  Without spaCy or the data the lines say what is missing.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
REFS = Path(os.environ.get("TCOMPARE_REFS", ROOT.parent / "refs"))
MIRROR = Path(os.environ.get("MIRROR", "/work/.mirror"))
ROUNDS = 3


def gold_text(ref: Path, repo: str, path: str) -> str | None:
    if ref.exists():
        return ref.read_text(encoding="utf-8")
    git_dir = MIRROR / repo.replace("/", "+") / "repo"
    if git_dir.is_dir():
        done = subprocess.run(["git", "--git-dir", str(git_dir), "show", f"HEAD:{path}"], capture_output=True)
        if done.returncode == 0:
            return done.stdout.decode("utf-8")
    return None


def bench(label: str, pipeline: str, text: str, modes: tuple[str, ...]) -> None:
    from tcompare import formats
    from tcompare.parsers import PRETOKENISED, make_parser, parse_corpus
    from tcompare.parsers.gold_input import document_text, documents, gold_sentences, separator

    gold = formats.read_text(text, "conllu", label)
    parser = make_parser(f"spacy:{pipeline}")
    parser.load()
    nlp = parser.nlp
    sentences = gold_sentences(gold)
    words = sum(len(s.words.words) for s in sentences if s.words)
    for mode in modes:
        if mode == PRETOKENISED:
            from spacy.tokens import Doc

            def bare() -> None:
                docs = []
                for s in sentences:
                    doc = Doc(nlp.vocab, words=list(s.words.words), spaces=list(s.words.spaces))
                    for n, token in enumerate(doc):
                        token.is_sent_start = n == 0
                    docs.append(doc)
                for _ in nlp.pipe(docs, batch_size=parser.batch_size):
                    pass
        else:
            sep = separator(sentences)
            texts = [document_text(d, sep) for d in documents(sentences)]

            def bare() -> None:
                for _ in nlp.pipe(texts, batch_size=max(1, parser.batch_size // 8)):
                    pass

        inside = [0.0]
        real_pipe = nlp.pipe

        def timed_pipe(*args, **kwargs):     # the parser's share of our own run, measured in it
            it = iter(real_pipe(*args, **kwargs))
            while True:
                start = time.process_time()
                try:
                    doc = next(it)
                except StopIteration:
                    inside[0] += time.process_time() - start
                    return
                inside[0] += time.process_time() - start
                yield doc

        def ours() -> None:
            run = parse_corpus(parser, gold, mode)
            run.text.encode("utf-8")

        bare()                                   # warm: the first batches allocate
        own, total, share = [], [], []
        for _ in range(ROUNDS):
            own.append(_time(bare))
            inside[0] = 0.0
            nlp.pipe = timed_pipe
            try:
                total.append(_time(ours))
            finally:
                del nlp.pipe
            share.append(total[-1] - inside[0])
        own_s, ours_s, mine = min(own), min(total), min(share)
        print(f"{label} {mode}: {len(sentences)} sentences, {words} words (CPU seconds, best of {ROUNDS}): "
              f"parser alone {own_s:.2f} s ({words / own_s:,.0f} words/s), tcompare parse {ours_s:.2f} s "
              f"({100 * (ours_s / own_s - 1):+.1f} %); within tcompare parse, outside nlp.pipe: {mine:.2f} s "
              f"= {100 * mine / (ours_s - mine):.1f} % of the parser's time in the same run", flush=True)


def _time(fn) -> float:
    """CPU seconds (8 agents share 2 cores here: wall time measures them, not us)."""
    start = time.process_time()
    fn()
    return time.process_time() - start


def main() -> None:
    try:
        from tcompare.parsers.models import first_spacy_pipeline
        import spacy  # noqa: F401
    except ImportError:
        print("spaCy not installed: pip install 'tcompare[spacy]'")
        return
    english = gold_text(REFS / "ewt" / "en_ewt-ud-test.r2.12.conllu", "UniversalDependencies/UD_English-EWT",
                        "en_ewt-ud-test.conllu")
    pipeline = first_spacy_pipeline("en")
    if english is None or not pipeline:
        print("EWT test file or an English spaCy pipeline missing")
    else:
        bench("en_ewt-test", pipeline, english, ("pretokenised", "raw"))
    japanese = gold_text(REFS / "ja-gsd" / "ja_gsd-ud-test.conllu", "UniversalDependencies/UD_Japanese-GSD",
                         "ja_gsd-ud-test.conllu")
    if japanese is None or not first_spacy_pipeline("ja"):
        print("Japanese-GSD test file or GiNZA (ja_ginza) missing")
    else:
        bench("ja_gsd-test", first_spacy_pipeline("ja"), japanese, ("raw",))


if __name__ == "__main__":
    main()
