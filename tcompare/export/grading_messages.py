"""The scorer's and the readers' messages on the grading pages, in Simplified and
Traditional Chinese (a Chinese class's feedback pages and class summary).

Grading, scoring and reading write their messages in English (the CLI prints them so, the
gradebook CSV keeps them); `grading_message(text, language)` says a message of a known shape
in Chinese, its numbers, paths, quoted words and labels carried over.  A message is cut at
each "; " outside brackets and quotes, each part translated on its own, a part's quoted
reason (``why``) in turn.  A part of no known shape stays in English: never lost.
(Below the GUI, so no Qt translator; the window has the same for its own texts in
`gui/language/scorer_text.py`, and the wording here follows its .ts files.)
"""

from __future__ import annotations

import re
from typing import Any

SEPARATOR = "; "
JOINED = "；"          # the parts joined again in Chinese
# groups holding a message of their own: translated in turn
NESTED = ("why", "msg")

# (pattern of a whole part, Simplified, Traditional)
PATTERNS: tuple[tuple[re.Pattern[str], tuple[str, str]], ...] = tuple(
    (re.compile(p), (cn, tw)) for p, cn, tw in (
        # grading (analysis/grading/students.py)
        (r"submitted sentence (?P<n>[\d, ]+) pairs with no gold sentence \((?P<why>.*)\)",
         "提交的第 {n} 句与练习的任何一句都配不上（{why}）",
         "提交的第 {n} 句與練習的任何一句都配不上（{why}）"),
        (r"gold sentence (?P<g>[\d, ]+) / submitted sentence (?P<s>[\d, ]+|-): (?P<why>.+)",
         "练习第 {g} 句 / 提交第 {s} 句：{why}", "練習第 {g} 句 / 提交第 {s} 句：{why}"),
        (r"the submitted sentence cannot be read \((?P<why>.*)\)",
         "提交的句子无法读取（{why}）", "提交的句子無法讀取（{why}）"),
        (r"the submitted sentence is empty \((?P<where>.*)\)",
         "提交的句子是空的（{where}）", "提交的句子是空的（{where}）"),
        (r"(?P<path>.+): could not be scored \((?P<exc>.*)\)",
         "{path}：无法评分（{exc}）", "{path}：無法評分（{exc}）"),
        (r"(?P<path>.+): no such file or folder", "{path}：没有这个文件或文件夹",
         "{path}：沒有這個檔案或資料夾"),
        (r"no submission to grade", "没有要批改的作业", "沒有要批改的作業"),
        (r"no pair", "没有配对的句子", "沒有配對的句子"),
        # pairing and scoring (scoring/pairing.py, scoring/alignment.py)
        (r"missing: no system sentence pairs with gold sentence (?P<n>\d+) \((?P<where>.*)\)",
         "缺失：没有提交的句子与练习第 {n} 句（{where}）配对",
         "缺失：沒有提交的句子與練習第 {n} 句（{where}）配對"),
        (r"counted as no parse", "按未作答计", "按未作答計"),
        (r"extra: system sentence (?P<n>\d+) \((?P<where>.*)\) pairs with no gold sentence",
         "多余：提交的第 {n} 句（{where}）与练习的任何一句都配不上",
         "多餘：提交的第 {n} 句（{where}）與練習的任何一句都配不上"),
        (r"its items count as wrong", "其各项算作错误", "其各項算作錯誤"),
        (r"missing: gold sentence (?P<n>\d+) \((?P<where>[^()]*)\): (?P<why>.+)",
         "缺失：练习第 {n} 句（{where}）：{why}", "缺失：練習第 {n} 句（{where}）：{why}"),
        (r"its gold items count as missing", "其金标准各项算作缺失", "其標準答案各項算作缺失"),
        (r"different text: gold (?P<gold>'.*') vs system (?P<system>'.*') \(first difference at "
         r"character (?P<k>\d+); gold has (?P<n>\d+) characters, system (?P<m>\d+)\)"
         r"(?P<rest>.*)",
         "文本不同：金标准 {gold}，提交 {system}（从第 {k} 个字符起不同；金标准 {n} 个字符，"
         "提交 {m} 个）{rest}",
         "文字不同：標準答案 {gold}，提交 {system}（從第 {k} 個字元起不同；標準答案 {n} 個字元，"
         "提交 {m} 個）{rest}"),
        (r"different word segmentation: gold has (?P<gold>\d+) words, system (?P<system>\d+)",
         "分词不同：金标准 {gold} 个词，提交 {system} 个", "斷詞不同：標準答案 {gold} 個詞，提交 {system} 個"),
        (r"from word (?P<k>\d+): gold (?P<gold>.*) vs system (?P<system>.*)",
         "从第 {k} 个词起：金标准 {gold}，提交 {system}", "從第 {k} 個詞起：標準答案 {gold}，提交 {system}"),
        (r"profile (?P<profile>\S+) compares word by word: use --profile (?P<aligned>\S+) "
         r"\(aligns words on characters\)",
         "评测方案 {profile} 逐词比较：请用 --profile {aligned}（按字符对齐词语）",
         "評測方案 {profile} 逐詞比較：請用 --profile {aligned}（依字元對齊詞語）"),
        (r"(?P<kind>joined|split): scored with gold sentence (?P<n>\d+)",
         "句子边界不同：与练习第 {n} 句一起评分", "句子邊界不同：與練習第 {n} 句一起評分"),
        (r"gold has (?P<gold>\d+) words, system has (?P<system>\d+)",
         "金标准 {gold} 个词，提交 {system} 个", "標準答案 {gold} 個詞，提交 {system} 個"),
        (r"no parse output", "没有分析结果", "沒有分析結果"),
        # reading (formats/)
        (r"cannot decode the file: not UTF-8 \(bad byte (?P<byte>0x[0-9a-f]+) at byte offset "
         r"(?P<offset>\d+)\), nor GB18030, nor Big5 \(give the encoding with --encoding\)",
         "无法解码文件：不是 UTF-8（第 {offset} 字节处有错误字节 {byte}），也不是 GB18030 或 Big5"
         "（用 --encoding 指定编码）",
         "無法解碼檔案：不是 UTF-8（第 {offset} 位元組處有錯誤位元組 {byte}），也不是 GB18030 或 Big5"
         "（用 --encoding 指定編碼）"),
        (r"expected (?P<a>'.+?') or (?P<b>'.+?') after a phrase, found (?P<c>.+)",
         "短语之后应为 {a} 或 {b}，却是 {c}", "片語之後應為 {a} 或 {b}，卻是 {c}"),
        (r"expected (?P<a>.+) after a phrase, found (?P<b>.+)",
         "短语之后应为 {a}，却是 {b}", "片語之後應為 {a}，卻是 {b}"),
        (r"unbalanced brackets(?P<rest>.*)", "括号不配对{rest}", "括號不配對{rest}"),
        # a reader's message behind its place (file:line:column or file:line)
        (r"(?P<where>\S.*?:\d+(?::\d+)?): (?P<msg>.+)", "{where}：{msg}", "{where}：{msg}"),
    ))


def grading_message(text: str, language: str = "en") -> str:
    """`text` (a scorer's, grader's or reader's message) in `language`; English as it is."""
    column = {"zh_CN": 0, "zh_TW": 1}.get(language)
    if column is None or not text:
        return text
    return JOINED.join(_part(part, language, column) for part in parts(text))


def parts(message: str) -> list[str]:
    """`message` cut at each "; " outside brackets and quotes."""
    out, depth, start, quoted = [], 0, 0, False
    for k, ch in enumerate(message):
        if ch == "'":
            quoted = not quoted
        elif quoted:
            continue
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(depth - 1, 0)
        elif depth == 0 and message.startswith(SEPARATOR, k):
            out.append(message[start:k])
            start = k + len(SEPARATOR)
    out.append(message[start:])
    return out


def _part(part: str, language: str, column: int) -> str:
    for pattern, shown in PATTERNS:
        m = pattern.fullmatch(part)
        if m:
            values = {k: grading_message(v, language) if k in NESTED else v
                      for k, v in m.groupdict().items()}
            return shown[column].format(**values)
    return part


# -- the class's mistakes (analysis/grading/mistakes.py) --------------------------------------
# an error class's parts (analysis/errors/classes.py) and the repair step kinds, as the
# window's .ts files say them
CLASS_PARTS: dict[str, tuple[str, str]] = {
    "PP Attachment": ("PP 附着", "PP 附著"),
    "Clause Attachment": ("从句附着", "從句附著"),
    "Modifier Attachment": ("修饰语附着", "修飾語附著"),
    "NP Attachment": ("NP 附着", "NP 附著"),
    "VP Attachment": ("VP 附着", "VP 附著"),
    "Co-ordination": ("并列结构", "並列結構"),
    "Unary": ("一元节点", "一元節點"),
    "XoverX Unary": ("X 套 X 一元节点", "X 套 X 一元節點"),
    "Single Word Phrase": ("单词短语", "單詞詞組"),
    "NP Internal Structure": ("NP 内部结构", "NP 內部結構"),
    "Different label": ("标签不同", "標籤不同"),
    "Split Verb Compound": ("动词复合词被拆分", "動詞複合詞被拆分"),
    "Verb taking wrong arguments": ("动词论元错误", "動詞論元錯誤"),
    "Noun boundary error": ("名词边界错误", "名詞邊界錯誤"),
    "NP Internal": ("NP 内部", "NP 內部"),
    "Wrong pair": ("配对错误", "配對錯誤"),
    "Incorrectly present": ("错误出现", "錯誤出現"),
    "Incorrectly missing": ("错误缺失", "錯誤缺少"),
    "UCP related": ("与 UCP 有关", "與 UCP 有關"),
    "Sense Confusion, causing mis-attachment": ("词义混淆导致附着错误", "詞義混淆導致附著錯誤"),
    "Scope error": ("辖域错误", "轄域錯誤"),
    "relabel": ("改标签", "改標籤"),
    "move": ("移动", "移動"),
    "add": ("添加", "新增"),
    "remove": ("删除", "刪除"),
}
CLASS_PATTERNS: tuple[tuple[re.Pattern[str], tuple[str, str]], ...] = tuple(
    (re.compile(p), (cn, tw)) for p, cn, tw in (
        (r"wrong head: (?P<relation>.+)", "中心词错误：{relation}", "中心詞錯誤：{relation}"),
        (r"UNSET (?P<kind>\w+)", "未归类（{kind}）", "未歸類（{kind}）"),
        (r"(?P<label>\S+) Attachment", "{label} 附着", "{label} 附著"),
        (r"(?P<upper>\S+) over (?P<lower>\S+)", "{upper} 套 {lower}", "{upper} 套 {lower}"),
        (r"(?P<a>\S+) and (?P<b>\S+)", "{a} 与 {b}", "{a} 與 {b}"),
    ))


def mistake_name(name: str, language: str = "en") -> str:
    """A class mistake (an error class "Single Word Phrase - relabel", "wrong head: obl", a
    relation confusion "obl -> nmod") in `language`; labels and tags stay as they are."""
    column = {"zh_CN": 0, "zh_TW": 1}.get(language)
    if column is None:
        return name
    return " - ".join(_class_part(part, column) for part in name.split(" - "))


def _class_part(part: str, column: int) -> str:
    if part in CLASS_PARTS:
        return CLASS_PARTS[part][column]
    for pattern, shown in CLASS_PATTERNS:
        m = pattern.fullmatch(part)
        if m:
            return shown[column].format(**m.groupdict())
    return part


# -- the teacher's rule (analysis/grading/rules.py: GradeRule.describe) -------------------------

def describe_rule(rule: Any, language: str = "en") -> str:
    """`rule.describe()` in `language`: the threshold table or the line, with its rounding."""
    column = {"zh_CN": 0, "zh_TW": 1}.get(language)
    if column is None:
        return str(rule.describe())
    if rule.line is not None:
        f0, g0, f1, g1 = rule.line
        step = rule.step
        return (("线性：{f0} → {g0}，{f1} → {g1}，按 {step} 取整",
                 "線性：{f0} → {g0}，{f1} → {g1}，按 {step} 取整")[column]).format(
            f0=f"{f0:g}", g0=f"{g0:g}", f1=f"{f1:g}", g1=f"{g1:g}", step=f"{step:g}")
    table = "，".join(f"{name} ≥ {lowest:g}" for lowest, name in rule.thresholds)
    return ("分数线：", "分數線：")[column] + table
