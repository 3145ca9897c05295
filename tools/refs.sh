#!/bin/bash
# Build the reference programs the comparison tests and `make bench` run beside tcompare
# (never part of tcompare: they are looked up in $TCOMPARE_REFS, default ../refs).
# Sources: a local mirror (MIRROR, default /work/.mirror: owner+name/repo git dirs) or GitHub.
# Tests that need a program skip cleanly when it is absent, so a failure here is not fatal.
set -u
REFS=${TCOMPARE_REFS:-$(cd "$(dirname "$0")/../.." && pwd)/refs}
MIRROR=${MIRROR:-/work/.mirror}
mkdir -p "$REFS"

# checkout OWNER/NAME DEST [PATH...]: a work tree of the repository's newest commit (only
# PATHs when given: mirrors may lack the big data files the programs do not need)
checkout() {
    repo=$1; dest="$REFS/$2"; shift 2
    [ -d "$dest" ] && return 0
    git_dir="$MIRROR/$(echo "$repo" | tr / +)/repo"
    if [ -d "$git_dir" ]; then
        mkdir -p "$dest" && git --git-dir="$git_dir" --work-tree="$dest" checkout -f HEAD -- "${@:-.}" \
            || { echo "refs: cannot check out $repo" >&2; rm -rf "$dest"; return 1; }
    else
        git clone -q --depth 1 "https://github.com/$repo" "$dest" \
            || { echo "refs: $repo unavailable (no mirror, no network): its tests will skip" >&2; return 1; }
    fi
}

checkout ufal/conll2018 conll18
checkout jkkummerfeld/berkeley-parser-analyser kummerfeld
checkout jungyeul/alignment-based-PARSEVAL jp-evalb
# CoNLL-X eval.pl 1.9 (the copy the anchors were made with; later commits removed it)
if [ ! -f "$REFS/evalpl/eval.pl" ]; then
    mkdir -p "$REFS/evalpl"
    git_dir="$MIRROR/daandouwe+biaffine-dependency-parser/repo"
    url=https://raw.githubusercontent.com/daandouwe/biaffine-dependency-parser/1d2a2a9/eval.pl
    { [ -d "$git_dir" ] && git --git-dir="$git_dir" show 1d2a2a9:eval.pl > "$REFS/evalpl/eval.pl"; } \
        || curl -sfL "$url" -o "$REFS/evalpl/eval.pl" \
        || { echo "refs: eval.pl unavailable: its tests will skip" >&2; rm -f "$REFS/evalpl/eval.pl"; }
fi
if checkout nikitakit/self-attentive-parser self-attentive-parser EVALB EVALB_SPMRL; then
    for pair in EVALB:evalb EVALB_SPMRL:evalb_spmrl; do
        src=${pair%%:*}; name=${pair##*:}
        [ -x "$REFS/$name/$name" ] && continue
        mkdir -p "$REFS/$name"
        gcc -O2 -Wno-everything -w -o "$REFS/$name/$name" "$REFS/self-attentive-parser/$src/evalb.c" \
            || echo "refs: could not build $name" >&2
    done
fi
# the current official UD evaluation (eval.py, udtools' udeval) and validator (validate.py):
# udtools' package imports its validator, which needs udapi and regex: a venv of their own
if checkout UniversalDependencies/tools ud-tools eval.py validate.py udtools data; then
    venv="$REFS/ud-tools/venv"
    if [ ! -x "$venv/bin/python" ]; then
        { python3 -m venv "$venv" && "$venv/bin/pip" install -q udapi regex; } >"$REFS/ud-tools/venv.log" 2>&1 \
            || { echo "refs: no venv for the UD tools (udapi, regex): their tests will skip" >&2; rm -rf "$venv"; }
    fi
fi
# disco-dop (discodop eval: the discodop profile's tests and bench): its Cython extensions are
# built in place, with its submodules (sparsepp, cpp-btree, gheap) checked out beside its code
if checkout andreasvc/disco-dop discodop/src; then
    src="$REFS/discodop/src"
    for sub in greg7mdp/sparsepp:sparsepp andreasvc/cpp-btree:cpp-btree valyala/gheap:gheap; do
        repo=${sub%%:*}; dir=${sub##*:}
        [ -n "$(ls -A "$src/$dir" 2>/dev/null)" ] && continue
        rm -rf "$src/$dir"
        checkout "$repo" "discodop/src/$dir" || echo "refs: disco-dop's $dir unavailable" >&2
    done
    venv="$REFS/discodop/venv"
    if [ ! -x "$venv/bin/python" ]; then
        { python3 -m venv "$venv" && "$venv/bin/pip" install -q cython numpy roaringbitmap grapheme wheel; } \
            >"$REFS/discodop/venv.log" 2>&1 \
            || { echo "refs: no venv for disco-dop: its tests will skip" >&2; rm -rf "$venv"; }
    fi
    if [ -x "$venv/bin/python" ] && ! ls "$src"/discodop/eval*.so >/dev/null 2>&1 \
            && ! ls "$src"/discodop/_fragments*.so >/dev/null 2>&1; then
        (cd "$src" && "$venv/bin/python" setup.py build_ext --inplace) >"$REFS/discodop/build.log" 2>&1 \
            || echo "refs: could not build disco-dop (see $REFS/discodop/build.log): its tests will skip" >&2
    fi
fi
ls "$REFS"
