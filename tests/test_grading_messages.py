"""The Chinese feedback pages and class summary say the teacher's rule, the scorer's and the
readers' messages and the class's mistakes in Chinese too (issue 32, polish); English pages
keep them as they were."""

from __future__ import annotations

import html
import re
import string

import pytest

from tcompare import formats
from tcompare.analysis import grading
from tcompare.export.grading_files import feedback_page, summary_page
from tcompare.export.grading_messages import (CLASS_PATTERNS, PATTERNS, describe_rule,
                                              grading_message, mistake_name)
from tcompare.scoring import profiles

from grading_class import SINICA, make_class

pytestmark = pytest.mark.issue(32)

# English words of the messages that must not stay on a Chinese page
ENGLISH = ("thresholds:", "could not", "cannot", "pairs with no gold sentence", "count as",
           "after a phrase", "different text", "sentence ", "Different label",
           "Single Word Phrase")


def test_the_rule_in_chinese():
    rule = grading.parse_thresholds("A:90,B:80,F:0")
    assert describe_rule(rule) == rule.describe() == "thresholds: A >= 90, B >= 80, F >= 0"
    assert describe_rule(rule, "zh_CN") == "分数线：A ≥ 90，B ≥ 80，F ≥ 0"
    assert describe_rule(rule, "zh_TW") == "分數線：A ≥ 90，B ≥ 80，F ≥ 0"
    line = grading.parse_linear("95:20,50:0", step=0.5)
    assert describe_rule(line, "en") == "linear: 50 -> 0, 95 -> 20, rounded to 0.5"
    assert describe_rule(line, "zh_CN") == "线性：50 → 0，95 → 20，按 0.5 取整"
    assert describe_rule(line, "zh_TW") == "線性：50 → 0，95 → 20，按 0.5 取整"


def test_a_scorer_message_translated_part_by_part():
    message = ("gold sentence 16 / submitted sentence 17: missing: gold sentence 16 (g.sinica:16):"
               " different text: gold 'a;b (c' vs system 'ab' (first difference at character 2;"
               " gold has 5 characters, system 2) (s.sinica:17); its gold items count as missing")
    assert grading_message(message) == grading_message(message, "en") == message
    assert grading_message(message, "zh_CN") == (
        "练习第 16 句 / 提交第 17 句：缺失：练习第 16 句（g.sinica:16）：文本不同：金标准 'a;b (c'，"
        "提交 'ab'（从第 2 个字符起不同；金标准 5 个字符，提交 2 个） (s.sinica:17)；其金标准各项算作缺失")
    assert grading_message("s.sinica:5:84: expected '|' or ')' after a phrase, found '#'",
                           "zh_TW") == "s.sinica:5:84：片語之後應為 '|' 或 ')'，卻是 '#'"
    # a message of no known shape stays as it is, in every language
    assert grading_message("x.sinica:3:1: a brand new reader message", "zh_CN") == \
        "x.sinica:3:1：a brand new reader message"
    assert grading_message("nothing known here", "zh_TW") == "nothing known here"


def test_mistake_names():
    assert mistake_name("Single Word Phrase - relabel", "zh_CN") == "单词短语 - 改标签"
    assert mistake_name("Unary - NP over NN", "zh_TW") == "一元節點 - NP 套 NN"
    assert mistake_name("wrong head: obl", "zh_CN") == "中心词错误：obl"
    assert mistake_name("obl -> nmod", "zh_CN") == "obl -> nmod"       # labels only
    assert mistake_name("Single Word Phrase - relabel") == "Single Word Phrase - relabel"


def test_every_template_uses_its_patterns_names():
    for pattern, shown in PATTERNS + CLASS_PATTERNS:
        for template in shown:
            names = {f for _, f, _, _ in string.Formatter().parse(template) if f}
            assert names <= set(pattern.groupindex), (pattern.pattern, template)


def _text(page: str) -> str:
    page = re.sub(r"<(svg|style)\b.*?</\1>", "", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


@pytest.mark.skipif(not SINICA.exists(), reason="anchors not available")
@pytest.mark.parametrize("language", ["zh_CN", "zh_TW"])
def test_chinese_pages_of_the_sinica_class_have_no_english_message(tmp_path, language):
    gold_path, cls, _ = make_class(tmp_path)
    gold = formats.read_file(gold_path)
    profile = profiles.get("sighan2012")
    grades = grading.grade_class(gold, grading.collect_submissions([str(cls)], str(gold_path)),
                                 profile, profile.prepare({}))
    pages = {s.name: _text(feedback_page(grades, s, "drawing", language))
             for s in grades.students}
    summary = _text(summary_page(grades, language))
    for name, text in [*pages.items(), ("summary", summary)]:
        left = [w for w in ENGLISH if w in text]
        assert not left, (name, left)
    # the drawings' captions too: "第 N 句", not "Sentence N"
    raw = feedback_page(grades, grades.student("bo"), "drawing", language)
    assert "<svg" in raw and "Sentence " not in raw and "第 1 句" in raw
    assert ">Gold</text>" not in raw and ">System</text>" not in raw
    assert ("font-weight=\"bold\">金标准</text>" if language == "zh_CN"
            else "font-weight=\"bold\">標準答案</text>") in raw
    rule = describe_rule(grades.rule, language)
    assert rule.startswith(("分数线", "分數線")) and all(rule in t for t in pages.values())
    # dai's syntax errors, at their file:line:column, in Chinese
    dai = pages["dai"]
    assert f"{cls / 'dai.sinica'}:5:" in dai
    assert ("短语之后应为" if language == "zh_CN" else "片語之後應為") in dai
    # fu's file (not UTF-8 nor GB18030 nor Big5) said in Chinese, its path kept
    fu = pages["fu"]
    assert f"{cls / 'fu.sinica'}:1:1" in fu and ("无法解码文件" in fu or "無法解碼檔案" in fu)
    # gao's mismatches: what the English page says, in Chinese, numbers and paths kept
    gao = grades.student("gao")
    assert gao.mismatches
    for m in gao.mismatches:
        assert grading_message(m, language) in pages["gao"]
        assert re.findall(r"\d+", grading_message(m, language)) == re.findall(r"\d+", m)
    # the class's most frequent mistake, named in Chinese in the summary
    top = grades.mistakes[0].name
    assert mistake_name(top, language) != top and mistake_name(top, language) in summary


@pytest.mark.skipif(not SINICA.exists(), reason="anchors not available")
def test_english_pages_keep_the_english_messages(tmp_path):
    gold_path, cls, _ = make_class(tmp_path)
    gold = formats.read_file(gold_path)
    profile = profiles.get("sighan2012")
    grades = grading.grade_class(gold, grading.collect_submissions([str(cls)], str(gold_path)),
                                 profile, profile.prepare({}))
    gao = _text(feedback_page(grades, grades.student("gao"), "items", "en"))
    assert all(m in gao for m in grades.student("gao").mismatches)
    assert grades.rule.describe() in gao
