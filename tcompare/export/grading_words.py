"""The words of the grading pages (feedback, class summary) in English, Simplified and
Traditional Chinese: a Chinese class gets its feedback in Chinese (`tcompare grade
--language zh_CN`, and the window in Chinese).  Below the GUI, so no Qt translator: a plain
table, the same terms as the window's .ts files (金标准 / 標準答案, 缺失, 无法读取 ...).
Figure keys, labels, error class names and file paths stay as they are."""

from __future__ import annotations

from typing import Callable

LANGUAGES = ("en", "zh_CN", "zh_TW")
HTML_LANG = {"en": "en", "zh_CN": "zh-CN", "zh_TW": "zh-TW"}

# English -> (Simplified, Traditional)
WORDS: dict[str, tuple[str, str]] = {
    "Feedback: {name}": ("反馈：{name}", "回饋：{name}"),
    "Exercise: <b>{gold}</b> ({n} sentences), scored with profile <b>{profile}</b>. "
    "Grade: <b>{grade}</b> (on {figure}; {rule}).":
        ("练习：<b>{gold}</b>（{n} 句），评测方案 <b>{profile}</b>。成绩：<b>{grade}</b>"
         "（按 {figure}；{rule}）。",
         "練習：<b>{gold}</b>（{n} 句），評測方案 <b>{profile}</b>。成績：<b>{grade}</b>"
         "（依 {figure}；{rule}）。"),
    "Sentences: ": ("句子：", "句子："),
    "handed in": ("已提交", "已繳交"),
    "missing": ("缺失", "缺失"),
    "cannot be read": ("无法读取", "無法讀取"),
    "other words than the exercise": ("词语与练习不同", "詞語與練習不同"),
    "not scored": ("不计分", "不計分"),
    "exactly right": ("完全正确", "完全正確"),
    "Your file could not be graded: ": ("你的文件无法批改：", "你的檔案無法批改："),
    "What could not be read": ("无法读取的内容", "無法讀取的內容"),
    "Each such sentence counts as missing.": ("这样的句子都算作缺失。", "這樣的句子都算作缺失。"),
    "Sentences that do not match the exercise": ("与练习不符的句子", "與練習不符的句子"),
    "Sentence by sentence": ("逐句", "逐句"),
    "Your {key} on each sentence (outlined: exactly right; · missing, ✗ cannot be read, "
    "≠ other words than the exercise, – not scored).":
        ("你每一句的 {key}（加框：完全正确；· 缺失，✗ 无法读取，≠ 词语与练习不同，– 不计分）。",
         "你每一句的 {key}（加框：完全正確；· 缺失，✗ 無法讀取，≠ 詞語與練習不同，– 不計分）。"),
    "Sentences to look at: ": ("需要看的句子：", "需要看的句子："),
    "none": ("无", "無"),
    "Sentence {n}": ("第 {n} 句", "第 {n} 句"),
    "gold": ("金标准", "標準答案"),
    "yours": ("你的", "你的"),
    "what is wrong": ("错在哪里", "錯在哪裡"),
    "Made by tcompare grade.": ("由 tcompare grade 生成。", "由 tcompare grade 產生。"),
    "Class summary: {gold}": ("全班总结：{gold}", "全班總結：{gold}"),
    "{n} submissions, {m} sentences, profile <b>{profile}</b>; grade on {figure} ({rule}).":
        ("{n} 份作业，{m} 句，评测方案 <b>{profile}</b>；按 {figure} 评分（{rule}）。",
         "{n} 份作業，{m} 句，評測方案 <b>{profile}</b>；依 {figure} 評分（{rule}）。"),
    "Gradebook": ("成绩册", "成績冊"),
    "student": ("学生", "學生"),
    "done": ("完成", "完成"),
    "unreadable": ("无法读取", "無法讀取"),
    "mismatched": ("不符", "不符"),
    "extra": ("多余", "多餘"),
    "grade": ("成绩", "成績"),
    "Heat map": ("热图", "熱圖"),
    "{key} per sentence; outlined: exactly right; · missing, ✗ cannot be read, ≠ other words, "
    "– not scored.":
        ("每句的 {key}；加框：完全正确；· 缺失，✗ 无法读取，≠ 词语不同，– 不计分。",
         "每句的 {key}；加框：完全正確；· 缺失，✗ 無法讀取，≠ 詞語不同，– 不計分。"),
    "right": ("做对", "答對"),
    "Sentences nobody got right": ("无人完全做对的句子", "無人完全答對的句子"),
    "Most frequent mistakes": ("最常见的错误", "最常見的錯誤"),
    "occurrences": ("次数", "次數"),
    "brackets": ("括号数", "括號數"),
    "words": ("词数", "詞數"),
    "students": ("学生数", "學生數"),
    "mistake": ("错误", "錯誤"),
    "for example": ("例子", "例子"),
    "sentence {n}": ("第 {n} 句", "第 {n} 句"),
    # the scorer's verdicts (`analysis.explain.VERDICT_TEXT`), as the window names them
    "matched": ("匹配", "匹配"),
    "right span, wrong label": ("跨度正确，标签错误", "跨度正確，標籤錯誤"),
    "missing (gold only)": ("缺失（仅金标准有）", "缺失（僅標準答案有）"),
    "extra (system only)": ("多余（仅你的有）", "多餘（僅你的有）"),
    "crossing a gold bracket": ("与金标准括号交叉", "與標準答案括號交叉"),
    "wrong tag": ("标记错误", "標記錯誤"),
    "wrong head": ("中心词错误", "中心詞錯誤"),
    "wrong label": ("关系标签错误", "關係標籤錯誤"),
    "wrong head and label": ("中心词和关系标签均错", "中心詞和關係標籤均錯"),
}


def words(language: str = "en") -> Callable[[str], str]:
    """`w(text)`: `text` in `language` (English when the language or the text is unknown)."""
    column = {"zh_CN": 0, "zh_TW": 1}.get(language)
    if column is None:
        return lambda text: text
    return lambda text: WORDS[text][column] if text in WORDS else text
