<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>actions</name>
    <message>
        <location filename="../shell/open_dialog.py" line="+26"/>
        <source>All files (*);;Treebanks (*.mrg *.gld *.gold *.tst *.sys *.txt *.ptb *.tree *.trees *.auto *.conll *.conllu *.conllx *.sinica *.tct *.psg *.pku *.ccg)</source>
        <translation>所有文件 (*);;树库 (*.mrg *.gld *.gold *.tst *.sys *.txt *.ptb *.tree *.trees *.auto *.conll *.conllu *.conllx *.sinica *.tct *.psg *.pku *.ccg)</translation>
    </message>
    <message>
        <location filename="../shell/actions.py" line="+56"/>
        <source>Side by side</source>
        <translation>左右并排</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Stacked</source>
        <translation>上下排列</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mirrored</source>
        <translation>镜像对照</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>&amp;Open gold…</source>
        <translation>打开金标准(&amp;O)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open a gold treebank (and, optionally, system files)</source>
        <translation>打开金标准树库（也可同时选择系统输出文件）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Add system…</source>
        <translation>添加系统输出(&amp;A)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add a system (parser output) file to compare</source>
        <translation>添加一个系统输出（句法分析器结果）文件进行比较</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reopen with &amp;encoding…</source>
        <translation>以指定编码重新打开(&amp;E)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read the open files again in an encoding you choose (the command line&apos;s --encoding)</source>
        <translation>以选定的编码重新读取已打开的文件（即命令行的 --encoding）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Grade a class…</source>
        <translation>批改全班作业(&amp;G)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Grade students&apos; trees against an exercise&apos;s gold file</source>
        <translation>按练习的金标准文件批改学生的树</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Next sentence</source>
        <translation>下一句(&amp;N)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Previous sentence</source>
        <translation>上一句(&amp;P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next &amp;error</source>
        <translation>下一处错误(&amp;E)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next sentence where gold and system disagree (or not scored)</source>
        <translation>跳到金标准与系统输出不一致（或未评分）的下一句</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Previous e&amp;rror</source>
        <translation>上一处错误(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Go to sentence…</source>
        <translation>转到句子(&amp;G)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Find words…</source>
        <translation>查找词语(&amp;F)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Find ne&amp;xt</source>
        <translation>查找下一个(&amp;X)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Find pre&amp;vious</source>
        <translation>查找上一个(&amp;V)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Zoom &amp;in</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom &amp;out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom to &amp;fit</source>
        <translation>适应窗口(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Actual size</source>
        <translation>实际大小(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Side &amp;panes</source>
        <translation>侧边窗格(&amp;P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show or hide the sentence table and the metrics (a long sentence folds them on a small screen)</source>
        <translation>显示或隐藏句子表和指标（在小屏幕上，长句会自动收起它们）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Show &amp;POS row</source>
        <translation>显示词性行(&amp;P)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Show &amp;function tags</source>
        <translation>显示功能标记(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show &amp;roles</source>
        <translation>显示语义角色(&amp;R)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;About tcompare</source>
        <translation>关于 tcompare(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Documentation</source>
        <translation>说明文档(&amp;D)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The manual: the window, editing, the profiles, the notations</source>
        <translation>使用手册：窗口、编辑、评测方案、标注格式</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Navigate</source>
        <translation>导航(&amp;N)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Navigation</source>
        <translation>导航</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>&amp;Language</source>
        <translation>界面语言(&amp;L)</translation>
    </message>
    <message>
        <location line="+25"/>
        <location filename="../shell/preferences.py" line="+185"/>
        <source>System default</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>Add system file(s)</source>
        <translation>添加系统输出文件</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Reopen with encoding</source>
        <translation>以指定编码重新打开</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Encoding of the gold and system files:</source>
        <translation>金标准和系统输出文件的编码：</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>  vs  </source>
        <translation>  对比  </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Go to sentence</source>
        <translation>转到句子</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sentence (1–{total}):</source>
        <translation>句子（1–{total}）：</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Find words</source>
        <translation>查找词语</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Words:</source>
        <translation>词语：</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>no sentence contains “{words}”</source>
        <translation>没有句子包含“{words}”</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>About tcompare</source>
        <translation>关于 tcompare</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare parse trees against a gold treebank with one shared scorer.</source>
        <translation>用同一个评分器将句法树与金标准树库进行比较。</translation>
    </message>
</context>
<context>
    <name>agreement_tab</name>
    <message>
        <location filename="../annotation/agreement_tab.py" line="+87"/>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Units</source>
        <translation>单元数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Fleiss κ</source>
        <translation>Fleiss κ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Krippendorff α</source>
        <translation>Krippendorff α</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cohen κ per pair</source>
        <translation>每对标注者的 Cohen κ</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Click: show only this field&apos;s disagreements</source>
        <translation>点击：只显示该字段的分歧</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Pair</source>
        <translation>标注者对</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Click: the next sentence where these two differ</source>
        <translation>点击：转到这两位标注者不一致的下一句</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{n} sentences compared</source>
        <translation>比较了 {n} 句</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{n} left out (see Unpaired)</source>
        <translation>{n} 句未纳入（见“未配对”）</translation>
    </message>
</context>
<context>
    <name>analysis_panel</name>
    <message>
        <location filename="../analysis/error_panel.py" line="+102"/>
        <source>Error analysis</source>
        <translation>错误分析</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>query, e.g.  NP &lt; PP=p :: p.verdict=missing</source>
        <translation>查询，例如  NP &lt; PP=p :: p.verdict=missing</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save…</source>
        <translation>保存…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep this query under a name (then @NAME runs it, here and in tcompare search)</source>
        <translation>给这个查询起名保存（之后用 @名称 即可运行，此处和 tcompare search 均可）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Query:</source>
        <translation>查询：</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>class</source>
        <translation>类别</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>occurrences</source>
        <translation>出现次数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>brackets</source>
        <translation>括号数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>gold</source>
        <translation>金标准</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>system</source>
        <translation>系统输出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>count</source>
        <translation>次数</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Error classes</source>
        <translation>错误类别</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Confusion</source>
        <translation>混淆</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Repair steps</source>
        <translation>修复步骤</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>value</source>
        <translation>数值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Figures</source>
        <translation>指标</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Error &amp;analysis</source>
        <translation>错误分析(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Error classes, confusions and queries; click a number to see its sentences</source>
        <translation>错误类别、标签混淆与查询；点击数字查看相应句子</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Open a gold and a system file.</source>
        <translation>请打开一个金标准文件和一个系统输出文件。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Waiting for scoring to finish…</source>
        <translation>正在等待评分完成…</translation>
    </message>
    <message>
        <location line="+27"/>
        <location line="+3"/>
        <source>query error: {error}</source>
        <translation>查询错误：{error}</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>not saved: {error}</source>
        <translation>未保存：{error}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>saved as @{name}</source>
        <translation>已保存为 @{name}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Save query</source>
        <translation>保存查询</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Name (letters, digits, . _ -):</source>
        <translation>名称（字母、数字、. _ -）：</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Counting…</source>
        <translation>正在统计…</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Counting… {done} / {total} sentences</source>
        <translation>正在统计… {done} / {total} 句</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>{n} error classes, </source>
        <translation>{n} 个错误类别，</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{n} confusions over {total} sentences; click one to see them</source>
        <translation>{n} 种混淆，共 {total} 句；点击一项查看相应句子</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>query {query}</source>
        <translation>查询 {query}</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>error class {name}</source>
        <translation>错误类别 {name}</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>gold {gold} as system {system}</source>
        <translation>金标准 {gold} 被分析为 {system}</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>the sentences that lower {figure}</source>
        <translation>拉低 {figure} 的句子</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{n} sentence(s): {what} (F8 walks them; Clear shows all again)</source>
        <translation>{n} 句：{what}（按 F8 逐句查看；“清除”恢复显示全部）</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>0. the parse ({n} bracket errors)</source>
        <translation>0. 原始分析结果（{n} 处括号错误）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>fixes {n}</source>
        <translation>修正 {n} 处</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no repair: {why}</source>
        <translation>无法修复：{why}</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>step {k} of {n}: {category} ({kind}); the system tree after it, scored again: {figures}</source>
        <translation>第 {k}/{n} 步：{category}（{kind}）；修复后的系统句法树重新评分：{figures}</translation>
    </message>
</context>
<context>
    <name>annotation_menu</name>
    <message>
        <location filename="../annotation/menu.py" line="+40"/>
        <location line="+179"/>
        <source>Open annotators&apos; files</source>
        <translation>打开标注者的文件</translation>
    </message>
    <message>
        <location line="-177"/>
        <source>Add files…</source>
        <translation>添加文件…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>optional: a parser&apos;s output of the same sentences</source>
        <translation>可选：同一批句子的句法分析器输出</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+11"/>
        <source>Parser:</source>
        <translation>句法分析器：</translation>
    </message>
    <message>
        <location line="-10"/>
        <location line="+11"/>
        <source>Curated file:</source>
        <translation>定稿文件：</translation>
    </message>
    <message>
        <location line="-2"/>
        <location line="+28"/>
        <location line="+110"/>
        <location line="+47"/>
        <location line="+19"/>
        <source>Annotators&apos; files</source>
        <translation>标注者的文件</translation>
    </message>
    <message>
        <location line="-194"/>
        <source>Choose…</source>
        <translation>选择…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Where the curated file goes</source>
        <translation>定稿文件的保存位置</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A parser&apos;s output</source>
        <translation>句法分析器的输出</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The curated file</source>
        <translation>定稿文件</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Open &amp;annotators&apos; files…</source>
        <translation>打开标注者的文件(&amp;A)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Several annotators&apos; files of the same sentences: their disagreements, and adjudication into a curated file</source>
        <translation>多位标注者对同一批句子的文件：查看分歧，并裁定为一个定稿文件</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Compare &amp;releases…</source>
        <translation>比较发布版本(&amp;R)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Two releases of a treebank: what changed, each changed sentence drawn old against new</source>
        <translation>树库的两个发布版本：有哪些变化，每个改动的句子新旧对照绘制</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>S&amp;uspicious gold…</source>
        <translation>可疑的金标准(&amp;U)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Gold sentences most likely to hold an annotation error (systems agreeing against it, variation nuclei, duplicates)</source>
        <translation>最可能含有标注错误的金标准句子（多个系统一致反对、变异核、重复句）</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>The old release</source>
        <translation>旧版本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The new release</source>
        <translation>新版本</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Compare releases</source>
        <translation>比较发布版本</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The gold file</source>
        <translation>金标准文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Systems&apos; files (optional: cancel for none)</source>
        <translation>系统输出文件（可选：取消表示不用）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Suspicious gold</source>
        <translation>可疑的金标准</translation>
    </message>
    <message>
        <location line="-81"/>
        <source>Reading the files: {done} of {total} sentences</source>
        <translation>正在读取文件：第 {done} 句，共 {total} 句</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pairing the sentences: file {done} of {total}</source>
        <translation>正在配对句子：第 {done} 个文件，共 {total} 个</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Finding the disagreements: {done} of {total} sentences</source>
        <translation>正在查找分歧：第 {done} 句，共 {total} 句</translation>
    </message>
    <message>
        <location line="+96"/>
        <source>annotators&apos; files are being read: wait or cancel</source>
        <translation>正在读取标注者文件：请等待或取消</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Reading the annotators&apos; files…</source>
        <translation>正在读取标注者文件…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>cancelled: no file was opened</source>
        <translation>已取消：未打开任何文件</translation>
    </message>
</context>
<context>
    <name>annotators</name>
    <message>
        <location filename="../annotation/annotators_window.py" line="+42"/>
        <source>All fields</source>
        <translation>全部字段</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attachment</source>
        <translation>依附</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Label</source>
        <translation>标签</translation>
    </message>
    <message>
        <location filename="../annotation/annotators_tabs.py" line="+23"/>
        <location filename="../annotation/annotators_window.py" line="+1"/>
        <source>POS</source>
        <translation>词性</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../annotation/annotators_window.py" line="+1"/>
        <source>FEATS</source>
        <translation>形态特征</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>attachment</source>
        <translation>依附</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>label</source>
        <translation>标签</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>words</source>
        <translation>分词</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>F8 next disagreement · 1–9 take that annotator&apos;s item · Ctrl+1–9 their sentence · P / Ctrl+P the parser&apos;s · E edit · Ctrl+Z undo · Ctrl+S save</source>
        <translation>F8 下一个分歧 · 1–9 采用该标注者的这一项 · Ctrl+1–9 采用其整句 · P / Ctrl+P 采用句法分析器的 · E 编辑 · Ctrl+Z 撤销 · Ctrl+S 保存</translation>
    </message>
    <message>
        <location filename="../annotation/annotators_window.py" line="+17"/>
        <source>Annotators — {files}</source>
        <translation>标注者 — {files}</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Disagree</source>
        <translation>分歧</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Decided</source>
        <translation>已裁定</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Sentence</source>
        <translation>句子</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Show and walk the disagreements of one field (Ctrl+Shift+0 / A / L / P / F)</source>
        <translation>只显示并逐个浏览某一字段的分歧（Ctrl+Shift+0 / A / L / P / F）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>◀ Previous (Shift+F8)</source>
        <translation>◀ 上一个（Shift+F8）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Next disagreement (F8) ▶</source>
        <translation>下一个分歧（F8）▶</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Field:</source>
        <translation>字段：</translation>
    </message>
    <message>
        <location filename="../annotation/annotators_tabs.py" line="+23"/>
        <source>Key</source>
        <translation>按键</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Value</source>
        <translation>取值</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Annotator</source>
        <translation>标注者</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Changed by the curator</source>
        <translation>被裁定者修改</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>By field</source>
        <translation>按字段</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Score against the curated file</source>
        <translation>相对定稿文件的得分</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Item</source>
        <translation>当前项</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../annotation/annotators_window.py" line="+97"/>
        <source>Changes by annotator</source>
        <translation>按标注者的修改</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Agreement</source>
        <translation>一致性</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unpaired ({n})</source>
        <translation>未配对（{n}）</translation>
    </message>
    <message>
        <location filename="../annotation/annotators_window.py" line="-48"/>
        <source>&amp;Adjudicate</source>
        <translation>裁定(&amp;A)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Next disagreement</source>
        <translation>下一个分歧</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Previous disagreement</source>
        <translation>上一个分歧</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next item in the sentence</source>
        <translation>本句下一项</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Previous item in the sentence</source>
        <translation>本句上一项</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next sentence</source>
        <translation>下一句</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Previous sentence</source>
        <translation>上一句</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Take {name}&apos;s item</source>
        <translation>采用 {name} 的这一项</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Take {name}&apos;s sentence</source>
        <translation>采用 {name} 的整句</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Take the parser&apos;s item</source>
        <translation>采用句法分析器的这一项</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Take the parser&apos;s sentence</source>
        <translation>采用句法分析器的整句</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Edit the curated sentence…</source>
        <translation>编辑定稿句子…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Undo the last decision</source>
        <translation>撤销上一次裁定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the curated file</source>
        <translation>保存定稿文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the changes by annotator as CSV…</source>
        <translation>将按标注者的修改保存为 CSV…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Filter: {field}</source>
        <translation>筛选：{field}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Zoom in</source>
        <translation>放大</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fit the sentence</source>
        <translation>整句适配窗口</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sentences</source>
        <translation>句子列表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The versions on one word axis</source>
        <translation>同一词轴上的各个版本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The current item in each version</source>
        <translation>各版本中的当前项</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The changes, one per line</source>
        <translation>修改列表，每行一条</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sentences left unpaired</source>
        <translation>未配对的句子</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Agreement per field</source>
        <translation>按字段的一致性</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Agreement per pair</source>
        <translation>按标注者对的一致性</translation>
    </message>
    <message>
        <location filename="../annotation/curated_file.py" line="+80"/>
        <location line="+13"/>
        <source>nothing decided yet: nothing to save</source>
        <translation>尚未裁定任何内容：无需保存</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>saved {path} and its provenance</source>
        <translation>已保存 {path} 及其来源记录</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The changes by annotator</source>
        <translation>按标注者的修改</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>saved {path}</source>
        <translation>已保存 {path}</translation>
    </message>
    <message>
        <location filename="../annotation/annotators_window.py" line="+51"/>
        <source>parser</source>
        <translation>句法分析器</translation>
    </message>
    <message>
        <location filename="../annotation/annotators_tabs.py" line="+32"/>
        <location filename="../annotation/annotators_window.py" line="+5"/>
        <source>curated</source>
        <translation>定稿</translation>
    </message>
    <message>
        <location filename="../annotation/annotators_window.py" line="+13"/>
        <source>Versions with other words</source>
        <translation>词语不同的版本</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>sentence {row} of {rows} · item {k} of {n}</source>
        <translation>第 {row} / {rows} 句 · 第 {k} / {n} 项</translation>
    </message>
    <message>
        <location filename="../annotation/annotators_tabs.py" line="-17"/>
        <source>The annotators agree on this sentence</source>
        <translation>标注者在本句上完全一致</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No disagreement of this field in this sentence</source>
        <translation>本句在该字段上没有分歧</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Word {first} “{words}”: {fields}</source>
        <translation>第 {first} 词“{words}”：{fields}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Words {first}–{last} “{words}”: {fields}</source>
        <translation>第 {first}–{last} 词“{words}”：{fields}</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Nothing decided yet.</source>
        <translation>尚未裁定任何内容。</translation>
    </message>
    <message>
        <location filename="../annotation/annotators_window.py" line="+16"/>
        <source>these two annotators agree everywhere</source>
        <translation>这两位标注者处处一致</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>no disagreement of this field</source>
        <translation>该字段没有分歧</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>no item here: Ctrl+number takes a whole sentence</source>
        <translation>此处没有分歧项：Ctrl+数字 采用整句</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>sentence {row}: took {name}&apos;s {what}</source>
        <translation>第 {row} 句：采用了 {name} 的{what}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>sentence</source>
        <translation>整句</translation>
    </message>
    <message>
        <location filename="../annotation/curated_file.py" line="+21"/>
        <location line="+4"/>
        <source>Edit the curated sentence {row}</source>
        <translation>编辑定稿的第 {row} 句</translation>
    </message>
    <message>
        <location filename="../annotation/annotators_window.py" line="+25"/>
        <source>nothing to undo</source>
        <translation>没有可撤销的裁定</translation>
    </message>
    <message>
        <location line="+15"/>
        <location line="+17"/>
        <source>Adjudication</source>
        <translation>裁定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the curated file before closing? (Unsaved decisions stay in the journal and are offered next time.)</source>
        <translation>关闭前保存定稿文件吗？（未保存的裁定保留在日志中，下次打开时可恢复。）</translation>
    </message>
    <message>
        <location filename="../annotation/curated_file.py" line="-17"/>
        <source>{curated}: its lock {lock} cannot be read ({why}). If no one is adjudicating into it, delete the lock.</source>
        <translation>{curated}：其锁文件 {lock} 无法读取（{why}）。如果没有人正在对它进行裁定，请删除该锁文件。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{curated} is being adjudicated by {user} on {host} (process {pid}, since {since}). You can browse the disagreements here; to decide, wait until that session ends or choose another curated file. If that session is gone, delete {lock}.</source>
        <translation>{curated} 正由 {user} 在 {host} 上裁定（进程 {pid}，自 {since} 起）。您可以在此浏览分歧；若要裁定，请等待该会话结束，或选择另一个裁定文件。如果该会话已不存在，请删除 {lock}。</translation>
    </message>
</context>
<context>
    <name>breakdown_panel</name>
    <message>
        <location filename="../analysis/breakdown_panel.py" line="+46"/>
        <source>Label</source>
        <translation>标签</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Gold</source>
        <translation>金标准</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>System</source>
        <translation>系统输出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Matched</source>
        <translation>匹配</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Errors</source>
        <translation>错误</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>item label</source>
        <translation>成分标签</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>gold items</source>
        <translation>金标准成分数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>system items</source>
        <translation>系统输出成分数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>gold items the scorer matched</source>
        <translation>评分器判为匹配的金标准成分数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>precision %</source>
        <translation>准确率 %</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>recall %</source>
        <translation>召回率 %</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sentences with an error on this label</source>
        <translation>该标签有错误的句子数</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>Breakdown by label</source>
        <translation>按标签细分</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Items:</source>
        <translation>项目：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Which items to break down (brackets, POS tags, dependency arcs)</source>
        <translation>细分哪类项目（括号、词性标记、依存弧）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show all sentences again</source>
        <translation>重新显示全部句子</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Double-click a label to list the sentences where it has errors</source>
        <translation>双击标签，列出该标签出错的句子</translation>
    </message>
    <message>
        <location line="+16"/>
        <location line="+35"/>
        <source>Open a gold and a system file.</source>
        <translation>请打开一个金标准文件和一个系统输出文件。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Waiting for scoring to finish…</source>
        <translation>正在等待评分完成…</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Computing… {done} / {total} sentences</source>
        <translation>正在计算… {done} / {total} 句</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Filtered: {n} sentence(s) with {label} errors</source>
        <translation>已筛选：{n} 句含 {label} 错误</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{n} labels</source>
        <translation>{n} 个标签</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>&amp;Breakdown by label</source>
        <translation>按标签细分(&amp;B)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Per-label precision, recall and F1; double-click a label to list its sentences</source>
        <translation>各标签的准确率、召回率和 F1；双击标签列出相应句子</translation>
    </message>
</context>
<context>
    <name>charts_panel</name>
    <message>
        <location filename="../analysis/charts_dock.py" line="+64"/>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Plot</source>
        <translation>绘制</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>minus</source>
        <translation>减去</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Difference by sentence</source>
        <translation>逐句差值</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>F1 by length</source>
        <translation>按句长的 F1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Per label</source>
        <translation>按标签</translation>
    </message>
    <message>
        <location line="+70"/>
        <source>Open two or more systems to compare them sentence by sentence.</source>
        <translation>请打开两个或更多系统输出，以逐句比较。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>sentence {n}</source>
        <translation>第 {n} 句</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>no sentence has both figures</source>
        <translation>没有句子同时具有两个系统的分数</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{a} better on {better}, {b} better on {worse}, equal on {equal}</source>
        <translation>{a} 较好 {better} 句，{b} 较好 {worse} 句，持平 {equal} 句</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{key} by sentence length · system {letter}</source>
        <translation>按句长的 {key} · 系统 {letter}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (lengths of {n} sentences still to come)</source>
        <translation>（还有 {n} 句的长度待读入）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{band} words: {n} sentences, {key} {value}</source>
        <translation>{band} 词：{n} 句，{key} {value}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>nothing scored yet</source>
        <translation>尚未评分</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>counting labels…</source>
        <translation>正在统计标签…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> (counting: {n} sentences so far)</source>
        <translation>（统计中：已完成 {n} 句）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>F1 per {kind} label · system {letter}</source>
        <translation>各{kind}标签的 F1 · 系统 {letter}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>gold {gold}, system {system}, matched {matched}, F1 {f1}</source>
        <translation>金标准 {gold}，系统输出 {system}，匹配 {matched}，F1 {f1}</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>&amp;Charts</source>
        <translation>图表(&amp;C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A − B F1 by sentence (click a bar: that sentence), F1 by sentence length, F1 per label</source>
        <translation>逐句 A − B 的 F1（点击柱条：跳到该句）、按句长的 F1、各标签的 F1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>sentence (click a bar: draw that sentence)</source>
        <translation>句子（点击柱条：显示该句）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sentence length (words); click: its first sentence</source>
        <translation>句长（词数）；点击：该组第一句</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gold label (most frequent first)</source>
        <translation>金标准标签（按频次从高到低）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no figures yet</source>
        <translation>尚无数据</translation>
    </message>
</context>
<context>
    <name>dep_view</name>
    <message>
        <location filename="../drawing/dep_view.py" line="+78"/>
        <source>correct</source>
        <translation>正确</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>wrong head</source>
        <translation>中心词错误</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>wrong label</source>
        <translation>关系标签错误</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>wrong head + label</source>
        <translation>中心词和标签均错</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>not scored</source>
        <translation>不计分</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>missing (gold only)</source>
        <translation>缺失（仅金标准有）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>extra (system only)</source>
        <translation>多余（仅系统输出有）</translation>
    </message>
    <message>
        <location line="+85"/>
        <source>Dependency comparison</source>
        <translation>依存比较</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>Mirrored</source>
        <translation>镜像对照</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Stacked</source>
        <translation>上下排列</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Tree</source>
        <translation>树形</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>gold arcs above the words, system arcs below</source>
        <translation>金标准依存弧画在词上方，系统输出依存弧画在下方</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gold diagram above the system diagram</source>
        <translation>金标准依存图在上，系统输出依存图在下</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>hierarchical trees, words keep their columns</source>
        <translation>层级树形，词语位置保持不变</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>zoom out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>zoom in</source>
        <translation>放大</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fit</source>
        <translation>适应</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>fit the sentence (long ones scroll)</source>
        <translation>使整句适应窗口（长句可滚动）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Errors only</source>
        <translation>仅显示错误</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>hide the arcs the scorer counts correct (and unscored ones)</source>
        <translation>隐藏评分器判为正确（以及不计分）的依存弧</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>{side} is a {kind}, not a dependency sentence: not drawn</source>
        <translation>{side}是 {kind}，不是依存句子：未绘制</translation>
    </message>
    <message>
        <location line="+216"/>
        <location line="+40"/>
        <source>enhanced (DEPS)</source>
        <translation>增强依存（DEPS）</translation>
    </message>
    <message>
        <location line="+72"/>
        <source>multiword token {id}: {text}</source>
        <translation>多词词元 {id}：{text}</translation>
    </message>
    <message>
        <location line="+121"/>
        <source>head {head} {form}</source>
        <translation>中心词 {head} {form}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>head {head} (not a word)</source>
        <translation>中心词 {head}（不是词）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>dependents: {words}</source>
        <translation>从属词：{words}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>word {n} {form}</source>
        <translation>第 {n} 个词 {form}</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>enhanced arcs are drawn in the mirrored and stacked layouts</source>
        <translation>增强依存弧只在镜像对照和上下排列布局中显示</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>root marker: arcs from here have HEAD 0</source>
        <translation>根节点标记：从这里出发的弧 HEAD 为 0</translation>
    </message>
    <message>
        <location line="-273"/>
        <location line="+275"/>
        <source>empty node {node} (enhanced graph only; not scored)</source>
        <translation>空节点 {node}（仅见于增强依存图；不计分）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>head {head}</source>
        <translation>中心词 {head}</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>not scored by the profile</source>
        <translation>评测方案不计分</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No dependency sentence</source>
        <translation>没有依存句子</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>sentence {n}</source>
        <translation>第 {n} 句</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>italic label: enhanced arc</source>
        <translation>斜体标签：增强依存弧</translation>
    </message>
</context>
<context>
    <name>edit_actions</name>
    <message>
        <location filename="../editor/actions.py" line="+10"/>
        <location filename="../editor/gold_editor.py" line="+253"/>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+1"/>
        <source>Edit</source>
        <translation>编辑</translation>
    </message>
    <message>
        <location line="-15"/>
        <location filename="../editor/gold_editor.py" line="+2"/>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit &amp;history…</source>
        <translation>编辑历史(&amp;H)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Re&amp;label (node label / word POS / relation)…</source>
        <translation>修改标签（节点标签 / 词性 / 依存关系）(&amp;L)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change &amp;POS of the word…</source>
        <translation>修改词的词性(&amp;P)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Insert bracket over the selection…</source>
        <translation>在所选范围上插入括号(&amp;I)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Delete bracket (children move up)</source>
        <translation>删除括号（子节点上移）(&amp;D)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Extend bracket by one word to the right</source>
        <translation>括号向右扩展一个词</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Extend bracket by one word to the left</source>
        <translation>括号向左扩展一个词</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shrink bracket by one word on the right</source>
        <translation>括号右端收缩一个词</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shrink bracket by one word on the left</source>
        <translation>括号左端收缩一个词</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Move the phrase into the phrase on its left</source>
        <translation>将短语移入左侧短语(&amp;M)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move the phrase into the phrase on its right</source>
        <translation>将短语移入右侧短语</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move the phrase &amp;up, out of its parent</source>
        <translation>将短语上移，移出父节点(&amp;U)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Make the selection the &amp;head child</source>
        <translation>设为中心子节点(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Take the system&apos;s bracket / tag / arc</source>
        <translation>采用系统输出的括号 / 标记 / 依存弧(&amp;T)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Re-&amp;attach the word to a head…</source>
        <translation>将词重新挂接到中心词(&amp;A)…</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Select parent (head word)</source>
        <translation>选择父节点（中心词）</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+1"/>
        <source>Select</source>
        <translation>选择</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>Select first child (first dependent)</source>
        <translation>选择第一个子节点（第一个从属词）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select previous sister / word</source>
        <translation>选择前一个姊妹节点 / 词</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select next sister / word</source>
        <translation>选择后一个姊妹节点 / 词</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Take the next sister into the selection</source>
        <translation>将下一个姊妹节点并入所选范围</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Leave the last sister out of the selection</source>
        <translation>将最后一个姊妹节点移出所选范围</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select on the other side (gold / system)</source>
        <translation>切换到另一侧选择（金标准 / 系统输出）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Flag sentence for later</source>
        <translation>标记句子待查(&amp;F)</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+1"/>
        <source>Review</source>
        <translation>审阅</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Mark sentence &amp;reviewed</source>
        <translation>标记句子为已审阅(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sentence &amp;note…</source>
        <translation>句子备注(&amp;N)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next flagged sentence</source>
        <translation>下一个待查句子</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Save gold</source>
        <translation>保存金标准(&amp;S)</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+1"/>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Save gold &amp;as… (copy, other notation)</source>
        <translation>金标准另存为…（副本，可换格式）(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Keyboard…</source>
        <translation>键盘快捷键(&amp;K)…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Help</source>
        <translation>帮助</translation>
    </message>
    <message>
        <location line="-26"/>
        <source>Change &amp;XPOS of the word…</source>
        <translation>修改词的 XPOS(&amp;X)…</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+1"/>
        <source>Words</source>
        <translation>词与句</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>Change &amp;features of the word…</source>
        <translation>修改词的特征(&amp;F)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change &amp;lemma of the word…</source>
        <translation>修改词的词元(&amp;L)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change &amp;MISC of the word…</source>
        <translation>修改词的 MISC(&amp;M)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change enhanced &amp;dependencies (DEPS) of the word…</source>
        <translation>修改词的增强依存(DEPS)(&amp;D)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Split the word in two…</source>
        <translation>把词拆成两个(&amp;S)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Join the word with the next</source>
        <translation>与下一个词合并(&amp;J)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Make a multiword &amp;token of the words…</source>
        <translation>把这些词组成多词形符(&amp;T)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dissolve the multiword t&amp;oken</source>
        <translation>拆散多词形符(&amp;O)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Insert an &amp;empty node after the word…</source>
        <translation>在此词后插入空节点(&amp;E)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete an empty node…</source>
        <translation>删除空节点…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Split the sente&amp;nce before the word</source>
        <translation>在此词前把句子拆开(&amp;N)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Join the sentence with the ne&amp;xt</source>
        <translation>与下一句合并(&amp;X)</translation>
    </message>
</context>
<context>
    <name>edit_commands</name>
    <message>
        <location filename="../editor/commands.py" line="+46"/>
        <location line="+33"/>
        <source>{edit} (sentence {n})</source>
        <translation>{edit}（第 {n} 句）</translation>
    </message>
</context>
<context>
    <name>edit_dialogs</name>
    <message>
        <location filename="../editor/dialogs.py" line="+50"/>
        <source>Sentence note</source>
        <translation>句子备注</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Note:</source>
        <translation>备注：</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Unsaved edits</source>
        <translation>未保存的修改</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{n} edit(s) to the gold file are not saved.</source>
        <translation>金标准文件有 {n} 处修改尚未保存。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Save gold as</source>
        <translation>金标准另存为</translation>
    </message>
</context>
<context>
    <name>edit_files</name>
    <message>
        <location filename="../editor/files.py" line="+91"/>
        <source>{n} unsaved sentences</source>
        <translation>{n} 句未保存</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{n} unsaved sentence</source>
        <translation>{n} 句未保存</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>⚑ flagged</source>
        <translation>⚑ 待查</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>✓ reviewed</source>
        <translation>✓ 已审阅</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>note: {note}</source>
        <translation>备注：{note}</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>File changed on disk</source>
        <translation>磁盘上的文件已更改</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path} was changed by another program since it was opened. Overwrite it with the version shown here?</source>
        <translation>{path} 在打开后被其他程序修改过。要用这里显示的版本覆盖它吗？</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not saved: the file on disk was left as the other program wrote it</source>
        <translation>未保存：磁盘上的文件保留其他程序写入的内容</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Read-only file</source>
        <translation>只读文件</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>{path} is marked read-only. Save over it anyway?</source>
        <translation>{path} 是只读文件。仍要覆盖保存吗？</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not saved: the file is read-only</source>
        <translation>未保存：文件是只读的</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+5"/>
        <source>Cannot save</source>
        <translation>无法保存</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>{error}. Your edits are still open: free some space or use Save As to write elsewhere.</source>
        <translation>{error}。您的修改仍然保留：请释放磁盘空间，或用“另存为”保存到别处。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{path} was not saved: {error}; the file is unchanged.</source>
        <translation>{path} 未保存：{error}；文件未被改动。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>saved {path}</source>
        <translation>已保存 {path}</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Cannot save as</source>
        <translation>无法另存为</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path} was not written: {error}</source>
        <translation>{path} 未写入：{error}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Saved with problems</source>
        <translation>已保存，但有问题</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path} written as {target}; {n} sentence(s) could not be converted:</source>
        <translation>{path} 已按 {target} 格式写入；{n} 句无法转换：</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>saved a copy as {path} ({target})</source>
        <translation>已另存副本为 {path}（{target}）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Autosave failed</source>
        <translation>自动保存失败</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>{error}. Unsaved edits are not journaled: save soon.</source>
        <translation>{error}。未保存的修改没有记录：请尽快保存。</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+62"/>
        <source>autosave failed: {error}</source>
        <translation>自动保存失败：{error}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>restored sentence(s) {numbers} from the autosave; save to keep them</source>
        <translation>已从自动保存恢复第 {numbers} 句；保存后才会写入文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>kept the file&apos;s version of every autosaved sentence</source>
        <translation>所有自动保存的句子都保留了文件中的版本</translation>
    </message>
    <message>
        <location filename="../editor/dialogs.py" line="+19"/>
        <source>Recover unsaved edits</source>
        <translation>恢复未保存的修改</translation>
    </message>
    <message>
        <location filename="../editor/files.py" line="+13"/>
        <source>Autosave moved</source>
        <translation>自动保存位置已更改</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Unsaved edits cannot be journaled beside the gold file ({why}). They are journaled in {folder} instead, and offered from there after a crash.</source>
        <translation>未保存的修改无法记录在金标准文件旁（{why}）。它们改为记录在 {folder} 中，程序意外退出后将从那里提供恢复。</translation>
    </message>
    <message>
        <location line="-39"/>
        <source>Restore autosaved edits</source>
        <translation>恢复自动保存的修改</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+5"/>
        <source>Restore</source>
        <translation>恢复</translation>
    </message>
    <message>
        <location line="-27"/>
        <location line="+36"/>
        <source>Recovery</source>
        <translation>恢复</translation>
    </message>
    <message>
        <location line="-36"/>
        <location line="+36"/>
        <source>Some edits could not be restored:</source>
        <translation>部分修改无法恢复：</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Review marks not saved</source>
        <translation>审阅标记未保存</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>no sentence is flagged</source>
        <translation>没有待查的句子</translation>
    </message>
    <message>
        <location line="-199"/>
        <source>not saved</source>
        <translation>未保存</translation>
    </message>
</context>
<context>
    <name>edit_operations</name>
    <message>
        <location filename="../editor/operations.py" line="+126"/>
        <source>select a node or word first</source>
        <translation>请先选择一个节点或词</translation>
    </message>
    <message>
        <location line="-30"/>
        <location line="+4"/>
        <location line="+34"/>
        <location line="+19"/>
        <location line="+21"/>
        <location line="+103"/>
        <location line="+49"/>
        <location line="+21"/>
        <location line="+17"/>
        <location filename="../editor/word_operations.py" line="+92"/>
        <source>cannot edit: {why}</source>
        <translation>无法编辑：{why}</translation>
    </message>
    <message>
        <location line="-223"/>
        <source>select a node first</source>
        <translation>请先选择一个节点</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+5"/>
        <source>Relabel</source>
        <translation>修改标签</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>New label:</source>
        <translation>新标签：</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>F2 changes the relation of a dependency word</source>
        <translation>F2 用于修改依存词的关系</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>select a word to change its POS (Ctrl+Down goes down to it)</source>
        <translation>请选择一个词来修改词性（Ctrl+Down 可下移到词）</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+5"/>
        <source>Change POS</source>
        <translation>修改词性</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>POS of “{word}”:</source>
        <translation>“{word}”的词性：</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>brackets are for constituency trees</source>
        <translation>括号只用于短语结构树</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+16"/>
        <source>Insert bracket</source>
        <translation>插入括号</translation>
    </message>
    <message>
        <location line="-16"/>
        <source>Label of the new bracket:</source>
        <translation>新括号的标签：</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>a label cannot be empty or contain spaces</source>
        <translation>标签不能为空，也不能包含空格</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>select the sisters the new bracket covers, not the root</source>
        <translation>请选择新括号覆盖的姊妹节点，而不是根节点</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>a word cannot be deleted; select a bracket</source>
        <translation>不能删除词；请选择一个括号</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Delete bracket</source>
        <translation>删除括号</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>select a bracket, not a word</source>
        <translation>请选择括号，而不是词</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Extend left</source>
        <translation>向左扩展</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Extend right</source>
        <translation>向右扩展</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Shrink left</source>
        <translation>左端收缩</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Shrink right</source>
        <translation>右端收缩</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>select a phrase, not a word (E / R move one word)</source>
        <translation>请选择短语，而不是词（E / R 每次移动一个词）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Move into the phrase on the left</source>
        <translation>移入左侧短语</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move into the phrase on the right</source>
        <translation>移入右侧短语</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move up</source>
        <translation>上移</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>the root has no parent to be the head of</source>
        <translation>根节点没有父节点，无法设为中心</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Set head</source>
        <translation>设为中心</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>there is no system tree for this sentence</source>
        <translation>这个句子没有系统输出句法树</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>gold and system have different words</source>
        <translation>金标准与系统输出的词语不同</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the gold word already has the system&apos;s tag</source>
        <translation>金标准中的词已经是系统输出的标记</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>this gold bracket agrees with the system (or is not scored); select a system bracket to take it</source>
        <translation>这个金标准括号与系统输出一致（或不计分）；请选择要采用的系统输出括号</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Take system</source>
        <translation>采用系统输出</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>re-attaching is for dependency sentences</source>
        <translation>重新挂接只用于依存句子</translation>
    </message>
    <message>
        <location line="+15"/>
        <location line="+43"/>
        <location filename="../editor/word_operations.py" line="+13"/>
        <source>select a word first</source>
        <translation>请先选择一个词</translation>
    </message>
    <message>
        <location line="-40"/>
        <location line="+6"/>
        <source>Re-attach</source>
        <translation>重新挂接</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>New head of “{word}” (word number, 0 = root):</source>
        <translation>“{word}”的新中心词（词序号，0 = 根）：</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Relation</source>
        <translation>依存关系</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Relation of “{word}”:</source>
        <translation>“{word}”的依存关系：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Change relation</source>
        <translation>修改依存关系</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>refused: the system sentence has other words</source>
        <translation>已拒绝：系统输出句子的词语不同</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>the gold arc already equals the system&apos;s</source>
        <translation>金标准依存弧已与系统输出相同</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Take system arc</source>
        <translation>采用系统输出依存弧</translation>
    </message>
    <message>
        <location filename="../editor/word_operations.py" line="-77"/>
        <source>Change UPOS</source>
        <translation>修改 UPOS</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change XPOS</source>
        <translation>修改 XPOS</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change lemma</source>
        <translation>修改词元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change MISC</source>
        <translation>修改 MISC</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change enhanced dependencies (DEPS)</source>
        <translation>修改增强依存(DEPS)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change features</source>
        <translation>修改特征</translation>
    </message>
    <message>
        <location line="+161"/>
        <source>Split word</source>
        <translation>拆分词</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Merge with the next word</source>
        <translation>与下一个词合并</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Make multiword token</source>
        <translation>组成多词形符</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Dissolve multiword token</source>
        <translation>拆散多词形符</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Insert empty node</source>
        <translation>插入空节点</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Delete empty node</source>
        <translation>删除空节点</translation>
    </message>
</context>
<context>
    <name>edit_selection</name>
    <message>
        <location filename="../editor/selection.py" line="+66"/>
        <source>dependency edits work on the gold arcs; the selection is a word</source>
        <translation>依存编辑作用于金标准依存弧；所选对象是词</translation>
    </message>
</context>
<context>
    <name>editor</name>
    <message>
        <location filename="../editor/gold_editor.py" line="-2"/>
        <source>&amp;Undo {command}</source>
        <translation>撤销(&amp;U) {command}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Redo {command}</source>
        <translation>重做(&amp;R) {command}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&amp;Selection</source>
        <translation>选择(&amp;S)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Re&amp;view</source>
        <translation>审阅(&amp;V)</translation>
    </message>
    <message>
        <location filename="../editor/operations.py" line="-309"/>
        <location line="+25"/>
        <source>the system side is read-only: select a gold node (S switches side)</source>
        <translation>系统输出一侧是只读的：请选择金标准节点（按 S 切换）</translation>
    </message>
    <message>
        <location line="-23"/>
        <source>open a gold file first</source>
        <translation>请先打开金标准文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>wait until scoring has finished, then edit</source>
        <translation>请等评分完成后再编辑</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>this row has no gold sentence to edit</source>
        <translation>这一行没有可编辑的金标准句子</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the gold sentence could not be read ({error}); fix it in a text editor</source>
        <translation>无法读取金标准句子（{error}）；请在文本编辑器中修正</translation>
    </message>
    <message>
        <location line="+19"/>
        <location filename="../editor/word_operations.py" line="-178"/>
        <location line="+90"/>
        <location line="+25"/>
        <location line="+52"/>
        <location line="+28"/>
        <location line="+15"/>
        <location line="+6"/>
        <location line="+10"/>
        <source>refused: {why}</source>
        <translation>已拒绝：{why}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{edit}: sentence {n} rescored</source>
        <translation>{edit}：第 {n} 句已重新评分</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{edit} is for constituency trees</source>
        <translation>“{edit}”只用于短语结构树</translation>
    </message>
    <message>
        <location filename="../editor/gold_editor.py" line="+86"/>
        <location line="+6"/>
        <source>wait until scoring has finished</source>
        <translation>请等评分完成</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+3"/>
        <source>Edit history</source>
        <translation>编辑历史</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>&lt;opened file&gt;</source>
        <translation>&lt;打开时的文件&gt;</translation>
    </message>
    <message>
        <location line="-107"/>
        <source>&amp;Words and sentences (CoNLL-U)</source>
        <translation>词与句(CoNLL-U)(&amp;W)</translation>
    </message>
</context>
<context>
    <name>enhanced</name>
    <message>
        <location filename="../drawing/enhanced_choice.py" line="+21"/>
        <source>&amp;Off</source>
        <translation>不显示(&amp;O)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Above the basic arcs</source>
        <translation>在基本依存弧上方(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Below the words</source>
        <translation>在词行下方(&amp;B)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>not drawn</source>
        <translation>不显示</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>above the basic arcs</source>
        <translation>在基本依存弧上方</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>below the words</source>
        <translation>在词行下方</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>&amp;Enhanced arcs (DEPS)</source>
        <translation>增强依存弧（DEPS）(&amp;E)</translation>
    </message>
    <message>
        <location filename="../drawing/enhanced_view.py" line="+39"/>
        <source>counted by ELAS and EULAS</source>
        <translation>ELAS 与 EULAS 均计为正确</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>counted by EULAS only: the relations differ in their subtypes</source>
        <translation>仅 EULAS 计为正确：关系的子类型不同</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no arc of the other side agrees</source>
        <translation>另一方没有与之相符的弧</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>its word is not aligned with the other side&apos;s words</source>
        <translation>其词未与另一方的词对齐</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not scored: eval.py skips empty nodes and the arcs that touch them (collapse them first)</source>
        <translation>不计分：eval.py 跳过空节点及与之相连的弧（请先折叠空节点）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not scored: the profile does not score enhanced arcs (choose ud-eval)</source>
        <translation>不计分：此评测配置不评增强依存弧（请选 ud-eval）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not scored: left out by the --enhancements switches</source>
        <translation>不计分：被 --enhancements 开关排除</translation>
    </message>
    <message>
        <location line="+97"/>
        <source>{side}, enhanced: {head} → {dependent} ({label})</source>
        <translation>{side}，增强依存：{head} → {dependent}（{label}）</translation>
    </message>
</context>
<context>
    <name>explain</name>
    <message>
        <location filename="../teaching/explain_text.py" line="+25"/>
        <source>Sentence {n}: how the {profile} figures are counted</source>
        <translation>第 {n} 句：{profile} 各项指标是如何计算的</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sentence {n}: how the score figures are counted</source>
        <translation>第 {n} 句：各项指标是如何计算的</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What is not scored</source>
        <translation>哪些内容不计分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Items the profile sets aside before counting (and why).</source>
        <translation>评测方案在计数前排除的项目（及原因）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Gold constituents in gold order (gold = {n})</source>
        <translation>金标准成分（按金标准顺序，金标准 = {n}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each gold item is paired with at most one system item with the same label and span (multiset matching: duplicates pair copy by copy).</source>
        <translation>每个金标准成分最多与一个标签和跨度都相同的系统输出成分配对（多重集合匹配：重复成分逐一配对）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>System constituents left unpaired (system = {n})</source>
        <translation>未配对的系统输出成分（系统输出 = {n}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>System items no gold item took: label-only, crossing or extra.</source>
        <translation>没有金标准成分与之配对的系统输出成分：仅标签错误、交叉或多余。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Words and tags</source>
        <translation>词语与词性标记</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each word&apos;s tag as gold and system have it.</source>
        <translation>每个词在金标准和系统输出中的词性标记。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Event constructions (Task 2-1)</source>
        <translation>事件结构（任务 2-1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Other items ({kinds})</source>
        <translation>其他项目（{kinds}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Items of other kinds, gold then system, with the scorer&apos;s verdicts.</source>
        <translation>其他类型的项目，先金标准后系统输出，附评分器的判定。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scored words</source>
        <translation>计分的词</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each word&apos;s head and label, gold and system.</source>
        <translation>每个词在金标准和系统输出中的中心词和关系标签。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Words the profile does not count (and why).</source>
        <translation>评测方案不计分的词（及原因）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no system word at this position</source>
        <translation>系统输出在此位置没有词</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no gold word with these characters</source>
        <translation>金标准中没有由这些字组成的词</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>boundaries and tag match (counted for B+C), head positions differ</source>
        <translation>边界和标记一致（计入 B+C），中心词位置不同</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>same span, the labels differ: not counted</source>
        <translation>跨度相同，标签不同：不计为正确</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the other side has a different label over the same span (#{n})</source>
        <translation>另一侧在相同跨度上标签不同（#{n}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>also crosses a bracket of the other side</source>
        <translation>同时与另一侧的括号交叉</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>this sentence is {status}: it is left out of every figure ({why})</source>
        <translation>该句状态为“{status}”：不计入任何指标（{why}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>this sentence is {status}: it is left out of every figure</source>
        <translation>该句状态为“{status}”：不计入任何指标</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>flag: {figure} undefined</source>
        <translation>标记：{figure} 无定义</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>flag: {flag}</source>
        <translation>标记：{flag}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Micro figures: counts summed over the scored sentences</source>
        <translation>微平均指标：对计分句子的计数求和</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How the {profile} summary is counted</source>
        <translation>{profile} 汇总指标是如何计算的</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How the corpus summary is counted</source>
        <translation>语料汇总指标是如何计算的</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{n} sentence(s); {k} scored.</source>
        <translation>共 {n} 句；{k} 句计分。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{n} sentence(s); {k} scored, {b} left out (errors / skipped).</source>
        <translation>共 {n} 句；{k} 句计分，{b} 句未计入（错误 / 跳过）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Macro figures: means of the sentences&apos; own P and R (SIGHAN-2012 eq. 4-6)</source>
        <translation>宏平均指标：各句自身 P 与 R 的平均值（SIGHAN-2012 公式 4-6）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A sentence with no item on either side is left out; a 0/0 P or R counts 0.</source>
        <translation>两侧都没有项目的句子不计入；0/0 的 P 或 R 记为 0。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sentence {n}: P = {p}, R = {r}</source>
        <translation>第 {n} 句：P = {p}，R = {r}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no gold word at this position</source>
        <translation>金标准在此位置没有词</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gold DEPREL is DERIV</source>
        <translation>金标准 DEPREL 为 DERIV</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>punctuation</source>
        <translation>标点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not scored by this profile</source>
        <translation>此评测方案不计分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>word deleted: POS {pos} is a DELETE_LABEL</source>
        <translation>删除的词：词性 {pos} 属于 DELETE_LABEL</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>word deleted</source>
        <translation>删除的词</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>label {label} is a DELETE_LABEL (cut from {raw})</source>
        <translation>标签 {label} 属于 DELETE_LABEL（由 {raw} 截取）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>label {label} is a DELETE_LABEL</source>
        <translation>标签 {label} 属于 DELETE_LABEL</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>covers no word once deleted words are gone</source>
        <translation>去掉删除的词后不覆盖任何词</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>deleted</source>
        <translation>已删除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not a top-level constituent (only the root&apos;s children carry roles)</source>
        <translation>不是顶层成分（只有根节点的子节点带语义角色）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>label {label} is not evaluated (only S, VP, NP, GP, PP, XP)</source>
        <translation>标签 {label} 不参与评测（只评 S、VP、NP、GP、PP、XP）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>system brackets crossing a gold bracket</source>
        <translation>与金标准括号交叉的系统输出括号数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>2·precision·recall / (precision + recall)</source>
        <translation>2·准确率·召回率 / (准确率 + 召回率)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(C_S_F1 + S_S_F1) / 2, an undefined F1 counting 0</source>
        <translation>(C_S_F1 + S_S_F1) / 2，无定义的 F1 记为 0</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct (B+C+H) / system</source>
        <translation>正确数 (B+C+H) / 系统输出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct (B+C+H) / gold</source>
        <translation>正确数 (B+C+H) / 金标准</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct (B+C) / system</source>
        <translation>正确数 (B+C) / 系统输出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct (B+C) / gold</source>
        <translation>正确数 (B+C) / 金标准</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct content words / system content words</source>
        <translation>正确的实词数 / 系统输出实词数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct content words / gold content words</source>
        <translation>正确的实词数 / 金标准实词数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct C_S / system</source>
        <translation>正确 C_S 数 / 系统输出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct C_S / gold</source>
        <translation>正确 C_S 数 / 金标准</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>label right / scored words</source>
        <translation>关系标签正确数 / 计分词数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>head and label right / scored words</source>
        <translation>中心词和关系标签均正确数 / 计分词数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>head right / scored words</source>
        <translation>中心词正确数 / 计分词数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct (label + boundaries) / system</source>
        <translation>正确数（标签 + 边界）/ 系统输出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct (label + boundaries) / gold</source>
        <translation>正确数（标签 + 边界）/ 金标准</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct (boundaries) / system</source>
        <translation>正确数（边界）/ 系统输出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct (boundaries) / gold</source>
        <translation>正确数（边界）/ 金标准</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct events / gold events</source>
        <translation>正确事件数 / 金标准事件数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>system constituents crossing nothing / system</source>
        <translation>无交叉的系统输出成分数 / 系统输出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct / system</source>
        <translation>正确数 / 系统输出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct / gold</source>
        <translation>正确数 / 金标准</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct tags / gold words</source>
        <translation>正确标记数 / 金标准词数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct tags / words</source>
        <translation>正确标记数 / 词数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct categories / system</source>
        <translation>正确范畴数 / 系统输出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct categories / gold</source>
        <translation>正确范畴数 / 金标准</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct S_S / system</source>
        <translation>正确 S_S 数 / 系统输出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct S_S / gold</source>
        <translation>正确 S_S 数 / 金标准</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>matched system items of classes 1-4 / system items of classes 1-4</source>
        <translation>第 1-4 类中匹配的系统输出项目数 / 第 1-4 类系统输出项目数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>matched gold items of classes 1-4 / gold items of classes 1-4</source>
        <translation>第 1-4 类中匹配的金标准项目数 / 第 1-4 类金标准项目数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>matched / phenomena recognised in the system</source>
        <translation>匹配数 / 系统输出中识别出的现象数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>matched / system brackets</source>
        <translation>匹配数 / 系统输出括号数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>matched / gold brackets</source>
        <translation>匹配数 / 金标准括号数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>matched / gold phenomena</source>
        <translation>匹配数 / 金标准现象数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>2·macro_P·macro_R / (macro_P + macro_R) (not the mean of F1)</source>
        <translation>2·macro_P·macro_R / (macro_P + macro_R)（不是各句 F1 的平均）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Σ sentence P / sentences</source>
        <translation>Σ 各句 P / 句数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Σ sentence R / sentences</source>
        <translation>Σ 各句 R / 句数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>crossing / valid sentences</source>
        <translation>交叉括号数 / 有效句数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sentences matched completely / valid</source>
        <translation>完全匹配的句数 / 有效句数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sentences with no crossing / valid</source>
        <translation>无交叉的句数 / 有效句数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sentences with ≤ 2 crossings / valid</source>
        <translation>交叉不超过 2 处的句数 / 有效句数</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Step {n}. </source>
        <translation>第 {n} 步．</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The figures</source>
        <translation>各项指标</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>note:</source>
        <translation>注：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>undefined</source>
        <translation>无定义</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gold</source>
        <translation>金标准</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>system</source>
        <translation>系统输出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>verdict</source>
        <translation>判定</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>matched</source>
        <translation>匹配</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>right span, wrong label</source>
        <translation>跨度正确，标签错误</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>missing (gold only)</source>
        <translation>缺失（仅金标准有）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>extra (system only)</source>
        <translation>多余（仅系统输出有）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>crossing a gold bracket</source>
        <translation>与金标准括号交叉</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>wrong tag</source>
        <translation>标记错误</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>wrong head</source>
        <translation>中心词错误</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>wrong label</source>
        <translation>关系标签错误</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>wrong head and label</source>
        <translation>中心词和关系标签均错</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>not scored</source>
        <translation>不计分</translation>
    </message>
</context>
<context>
    <name>explain_panel</name>
    <message>
        <location filename="../teaching/explain_panel.py" line="+61"/>
        <source>Explain score</source>
        <translation>评分说明</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Whole corpus</source>
        <translation>整个语料</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Explain the summary figures instead of the current sentence</source>
        <translation>说明汇总指标，而不是当前句子</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Step ▶</source>
        <translation>下一步 ▶</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Previous counting step (Alt+,)</source>
        <translation>上一个计数步骤（Alt+,）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Next counting step: the item and its partner framed on the trees (Alt+.)</source>
        <translation>下一个计数步骤：在句法树上框出该项及其对应项（Alt+.）</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Next counting step (Explain score)</source>
        <translation>下一个计数步骤（评分说明）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Previous counting step (Explain score)</source>
        <translation>上一个计数步骤（评分说明）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Open a gold and a system file to see how each score is counted.</source>
        <translation>打开一个金标准文件和一个系统输出文件，即可查看每项分数是如何计算的。</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>step {n} of {rows}</source>
        <translation>第 {n} / {rows} 步</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{rows} items to count</source>
        <translation>共 {rows} 项待计数</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>This sentence has no score (no profile, or no system sentence).</source>
        <translation>这个句子没有分数（没有评测方案，或没有系统输出句子）。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>No summary yet.</source>
        <translation>尚无汇总结果。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No sentence shown yet.</source>
        <translation>尚未显示句子。</translation>
    </message>
</context>
<context>
    <name>export_dialog</name>
    <message>
        <location filename="../drawing/export_dialog.py" line="+31"/>
        <source>PNG image (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>SVG drawing (*.svg)</source>
        <translation>SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PDF document (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>LaTeX document (*.tex)</source>
        <translation>LaTeX 文档 (*.tex)</translation>
    </message>
    <message>
        <location filename="../drawing/render.py" line="+175"/>
        <source>cannot write {path}</source>
        <translation>无法写入 {path}</translation>
    </message>
    <message>
        <location filename="../drawing/export_dialog.py" line="+33"/>
        <source>no sentence is shown</source>
        <translation>没有显示句子</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Sentence {n}</source>
        <translation>第 {n} 句</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>this view cannot be exported as a picture</source>
        <translation>此视图无法导出为图片</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Export current sentence</source>
        <translation>导出当前句子</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>PNG scale</source>
        <translation>PNG 缩放倍数</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The font xelatex sets Chinese text in (LaTeX only); the fonts installed here are listed first</source>
        <translation>xelatex 排版中文所用的字体（仅 LaTeX）；先列出本机已安装的字体</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Chinese font</source>
        <translation>中文字体</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Export to</source>
        <translation>导出到</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not export: {error}</source>
        <translation>无法导出：{error}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>could not export: {error}</source>
        <translation>无法导出：{error}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>exported {path}</source>
        <translation>已导出 {path}</translation>
    </message>
    <message>
        <location filename="../teaching/presentation.py" line="+57"/>
        <source>&amp;Explain score</source>
        <translation>评分说明(&amp;E)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show step by step how the current sentence&apos;s score is counted</source>
        <translation>逐步显示当前句子的分数是如何计算的</translation>
    </message>
    <message>
        <location filename="../drawing/export_dialog.py" line="+9"/>
        <source>&amp;Export current sentence…</source>
        <translation>导出当前句子(&amp;E)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PNG, SVG, PDF or LaTeX of the sentence shown</source>
        <translation>将当前句子导出为 PNG、SVG、PDF 或 LaTeX</translation>
    </message>
    <message>
        <location filename="../teaching/presentation.py" line="+1"/>
        <source>&amp;Presentation mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Larger trees and explanation text for classroom demos</source>
        <translation>放大句法树和说明文字，用于课堂演示</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Next sentence (presentation)</source>
        <translation>下一句（演示）</translation>
    </message>
    <message>
        <location filename="../drawing/export_dialog.py" line="+8"/>
        <source>open files and show a sentence first</source>
        <translation>请先打开文件并显示一个句子</translation>
    </message>
</context>
<context>
    <name>feature_dialog</name>
    <message>
        <location filename="../editor/feature_dialog.py" line="+44"/>
        <source>Features of “{word}” ({upos})</source>
        <translation>“{word}”的特征({upos})</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Features</source>
        <translation>特征</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Feature</source>
        <translation>特征</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Value of {feature}</source>
        <translation>{feature} 的值</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Other feature</source>
        <translation>其他特征</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>other feature…</source>
        <translation>其他特征…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Value of the other feature</source>
        <translation>其他特征的值</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>The treebank&apos;s features for {upos}, most frequent first; type a value to use one it does not have.</source>
        <translation>树库中 {upos} 的特征，最常用的在前；也可以直接输入树库中没有的值。</translation>
    </message>
    <message>
        <location line="+49"/>
        <location line="+4"/>
        <source>FEATS: {feats}</source>
        <translation>FEATS：{feats}</translation>
    </message>
</context>
<context>
    <name>grading</name>
    <message>
        <location filename="../teaching/grading_setup.py" line="+191"/>
        <source>Grading…</source>
        <translation>正在批改…</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Grading {name} ({k} of {n})…</source>
        <translation>正在批改 {name}（第 {k} 份，共 {n} 份）…</translation>
    </message>
    <message>
        <location filename="../teaching/grading.py" line="+47"/>
        <source>Grades: {gold}</source>
        <translation>成绩：{gold}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Class</source>
        <translation>全班</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+9"/>
        <location line="+118"/>
        <source>Sentence</source>
        <translation>句子</translation>
    </message>
    <message>
        <location line="-126"/>
        <location line="+11"/>
        <source>Feedback</source>
        <translation>反馈</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>Gradebook</source>
        <translation>成绩册</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Most frequent mistakes</source>
        <translation>最常见的错误</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Student&apos;s feedback</source>
        <translation>学生的反馈</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>student</source>
        <translation>学生</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../teaching/grading_heatmap.py" line="+25"/>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unreadable</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>mismatched</source>
        <translation>不符</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>grade</source>
        <translation>成绩</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Heat map: {figure} per sentence; outlined: exactly right; · missing, ✗ cannot be read, ≠ other words, – not scored. Click a cell to see that sentence.</source>
        <translation>热图：每句的 {figure}；加框：完全正确；· 缺失，✗ 无法读取，≠ 词语不同，– 不计分。点击单元格查看该句。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Sentences nobody got right: {list}</source>
        <translation>无人完全做对的句子：{list}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>words</source>
        <translation>词数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>brackets</source>
        <translation>括号数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>mistake</source>
        <translation>错误</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>times</source>
        <translation>次数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>students</source>
        <translation>学生数</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+198"/>
        <source>Present the most common mistake</source>
        <translation>演示最常见的错误</translation>
    </message>
    <message>
        <location line="-191"/>
        <source>Most frequent mistakes (double-click one to present it):</source>
        <translation>最常见的错误（双击即可演示）：</translation>
    </message>
    <message>
        <location line="+6"/>
        <location filename="../teaching/grading_output.py" line="+41"/>
        <source>Save gradebook (CSV)…</source>
        <translation>保存成绩册（CSV）…</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../teaching/grading_output.py" line="+16"/>
        <location line="+6"/>
        <source>Write feedback files…</source>
        <translation>生成反馈文件…</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../teaching/grading_output.py" line="-16"/>
        <source>Save class summary…</source>
        <translation>保存全班总结…</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>◀ Previous student</source>
        <translation>◀ 上一位学生</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Next student ▶</source>
        <translation>下一位学生 ▶</translation>
    </message>
    <message>
        <location line="-115"/>
        <location line="+119"/>
        <source>Student</source>
        <translation>学生</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>The class on this sentence</source>
        <translation>全班在这一句上的答案</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>GOLD</source>
        <translation>金标准</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>Next student</source>
        <translation>下一位学生</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Previous student</source>
        <translation>上一位学生</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Next sentence</source>
        <translation>下一句</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Previous sentence</source>
        <translation>上一句</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Leave presentation</source>
        <translation>退出演示</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The class&apos;s most common mistake: {mistake} — {n} times, {k} students. Here: {student}, sentence {s}.</source>
        <translation>全班最常见的错误：{mistake}——共 {n} 次，{k} 位学生。此处：{student}，第 {s} 句。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Mistake: {mistake} — {n} times, {k} students. Here: {student}, sentence {s}.</source>
        <translation>错误：{mistake}——共 {n} 次，{k} 位学生。此处：{student}，第 {s} 句。</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>wrong head: {relation}</source>
        <translation>中心词错误：{relation}</translation>
    </message>
    <message>
        <location line="+15"/>
        <location filename="../teaching/grading_output.py" line="-14"/>
        <location filename="../teaching/grading_setup.py" line="-171"/>
        <location line="+157"/>
        <source>Grade a class</source>
        <translation>批改全班作业</translation>
    </message>
    <message>
        <location filename="../teaching/grading_heatmap.py" line="+0"/>
        <source>handed in</source>
        <translation>已提交</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cannot be read</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>other words than the exercise</source>
        <translation>词语与练习不同</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not scored</source>
        <translation>不计分</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Heat map of the class</source>
        <translation>全班热图</translation>
    </message>
    <message>
        <location line="+16"/>
        <location line="+56"/>
        <source>right</source>
        <translation>做对</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>{student}, sentence {n}: {state}</source>
        <translation>{student}，第 {n} 句：{state}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>, exactly right</source>
        <translation>，完全正确</translation>
    </message>
    <message>
        <location filename="../teaching/grading_setup.py" line="-149"/>
        <source>a folder, or files separated by ;</source>
        <translation>一个文件夹，或用 ; 分隔的文件</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Threshold table (grade:lowest figure)</source>
        <translation>分数段表（成绩:最低分）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Straight line (figure:grade,figure:grade)</source>
        <translation>线性换算（分数:成绩,分数:成绩）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Folder…</source>
        <translation>文件夹…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Files…</source>
        <translation>文件…</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+12"/>
        <source>Exercise (gold file)</source>
        <translation>练习（金标准文件）</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>Students&apos; files</source>
        <translation>学生的文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Profile</source>
        <translation>评测方案</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+9"/>
        <source>Grade rule</source>
        <translation>评分规则</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>The exercise&apos;s gold file</source>
        <translation>练习的金标准文件</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The students&apos; folder</source>
        <translation>学生的文件夹</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The students&apos; files</source>
        <translation>学生的文件</translation>
    </message>
    <message>
        <location filename="../teaching/grading_output.py" line="+22"/>
        <source>the score only</source>
        <translation>只有分数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>the items wrong</source>
        <translation>做错的项目</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the items wrong and the drawings</source>
        <translation>做错的项目及树图</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>What each student sees:</source>
        <translation>每位学生看到的内容：</translation>
    </message>
    <message>
        <location filename="../teaching/grading_setup.py" line="+72"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Stopping after this student…</source>
        <translation>批改完这位学生后停止…</translation>
    </message>
</context>
<context>
    <name>help_docs</name>
    <message>
        <location filename="../shell/help_docs.py" line="+54"/>
        <source>tcompare documentation</source>
        <translation>tcompare 说明文档</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open the &amp;folder</source>
        <translation>打开所在文件夹(&amp;F)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show the documentation&apos;s files in the file manager</source>
        <translation>在文件管理器中显示说明文档的文件</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The documentation is not installed with this copy of tcompare; it is the docs/ folder and README.md of the source.</source>
        <translation>此 tcompare 副本未安装说明文档；说明文档是源代码中的 docs/ 文件夹和 README.md。</translation>
    </message>
</context>
<context>
    <name>keyboard_help</name>
    <message>
        <location filename="../language/a11y.py" line="+246"/>
        <location line="+15"/>
        <source>Window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <location filename="../editor/keyboard_help.py" line="+44"/>
        <source>Keyboard</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Group</source>
        <translation>分组</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
</context>
<context>
    <name>legend</name>
    <message>
        <location filename="../drawing/legend.py" line="+68"/>
        <source>word segmented differently</source>
        <translation>分词不同的词</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>on hover: the scorer&apos;s partner</source>
        <translation>悬停时：评分器配对的成分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>on hover: nearest by span overlap</source>
        <translation>悬停时：跨度重叠最多的成分</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Legend</source>
        <translation>图例</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Show or fold the verdict legend</source>
        <translation>显示或折叠判定图例</translation>
    </message>
</context>
<context>
    <name>live_editor</name>
    <message>
        <location filename="../teaching/live_trees.py" line="+48"/>
        <source>Live trees</source>
        <translation>实时句法树</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>gold tree: brackets, or a CoNLL block</source>
        <translation>金标准句法树：括号格式，或一段 CoNLL</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>system tree: brackets, or a CoNLL block</source>
        <translation>系统输出句法树：括号格式，或一段 CoNLL</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Notation</source>
        <translation>格式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Profile</source>
        <translation>评测方案</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Gold</source>
        <translation>金标准</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>System</source>
        <translation>系统输出</translation>
    </message>
    <message>
        <location line="+120"/>
        <source>gold</source>
        <translation>金标准</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>system</source>
        <translation>系统输出</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>line {line}, column {column}: </source>
        <translation>第 {line} 行第 {column} 列：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>nothing to read</source>
        <translation>没有可读取的内容</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>{profile} cannot score this pair: {error}</source>
        <translation>{profile} 无法为这对句子评分：{error}</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>&amp;Live trees…</source>
        <translation>实时句法树(&amp;L)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Type a gold and a system tree and see them drawn and scored as you type</source>
        <translation>输入金标准和系统输出句法树，边输入边绘图评分</translation>
    </message>
    <message>
        <location line="-218"/>
        <source>Parser</source>
        <translation>句法分析器</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>none: type the system tree</source>
        <translation>无：手动输入系统树</translation>
    </message>
    <message>
        <location line="+21"/>
        <location line="+56"/>
        <source>loading {parser}…</source>
        <translation>正在加载 {parser}…</translation>
    </message>
    <message>
        <location line="-23"/>
        <source>the parser returned nothing</source>
        <translation>分析器没有返回结果</translation>
    </message>
</context>
<context>
    <name>llm_view</name>
    <message>
        <location filename="../analysis/llm_view.py" line="+43"/>
        <source>strict</source>
        <translation>严格</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>repaired</source>
        <translation>修复后</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>empty</source>
        <translation>空</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>unparsable</source>
        <translation>无法解析</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unbalanced</source>
        <translation>括号不配对</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>several roots</source>
        <translation>多个根</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>cycle</source>
        <translation>有环</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>bad head</source>
        <translation>中心词无效</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>chatter removed</source>
        <translation>已删去闲谈</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>other parses left out</source>
        <translation>已略去其他分析</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>brackets balanced</source>
        <translation>已配平括号</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>empty brackets removed</source>
        <translation>已删去空括号</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>roots joined</source>
        <translation>已合并多个根</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>columns filled</source>
        <translation>已补全缺列</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>word written back</source>
        <translation>已改回原词</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>added word removed</source>
        <translation>已删去增词</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>word moved back</source>
        <translation>已移回原位</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>dropped word put back</source>
        <translation>已补回漏词</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>second root attached</source>
        <translation>已挂接多余的根</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>cycle broken</source>
        <translation>已断开环</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>head repaired</source>
        <translation>已修复中心词</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>IDs renumbered</source>
        <translation>已重新编号</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>added</source>
        <translation>增词</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>dropped</source>
        <translation>漏词</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>changed</source>
        <translation>改词</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>moved</source>
        <translation>移位</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>LLM output against {gold}</source>
        <translation>大语言模型输出与 {gold} 对比</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Sent</source>
        <translation>句</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Validity</source>
        <translation>有效性</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Faithfulness</source>
        <translation>忠实性</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{figure} (strict)</source>
        <translation>{figure}（严格）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{figure} (repaired)</source>
        <translation>{figure}（修复后）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>GOLD</source>
        <translation>金标准</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>ANSWER (repaired)</source>
        <translation>回答（修复后）</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Answers:</source>
        <translation>回答：</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>{valid} of {n} answers valid, {invalid} invalid ({why}); {faithful} faithful, {unfaithful} unfaithful (words {how}); valid and faithful: {rate}%</source>
        <translation>{n} 个回答中 {valid} 个有效，{invalid} 个无效（{why}）；{faithful} 个忠实，{unfaithful} 个不忠实（词：{how}）；有效且忠实：{rate}%</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>policy</source>
        <translation>策略</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>valid</source>
        <translation>有效</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no answer</source>
        <translation>无回答</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>faithful</source>
        <translation>忠实</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>no repair needed</source>
        <translation>无需修复</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no answer pairs with this sentence</source>
        <translation>没有与此句对应的回答</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Repairs:</source>
        <translation>修复：</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Open &amp;LLM output…</source>
        <translation>打开大语言模型输出(&amp;L)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Score a language model&apos;s parses: validity, faithfulness, strict and repaired figures</source>
        <translation>评测语言模型的句法分析：有效性、忠实性、严格与修复后的分数</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Gold file</source>
        <translation>金标准文件</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>LLM output file(s)</source>
        <translation>大语言模型输出文件</translation>
    </message>
</context>
<context>
    <name>main_window</name>
    <message>
        <location filename="../shell/status.py" line="+24"/>
        <source>no files open</source>
        <translation>未打开文件</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>scoring %v / %m</source>
        <translation>评分中 %v / %m</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>reading {file}…</source>
        <translation>正在读取 {file}…</translation>
    </message>
    <message>
        <location filename="../shell/window.py" line="+223"/>
        <source>  vs  </source>
        <translation>  对比  </translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Sentence {n} (reading the rest of the files…)</source>
        <translation>第 {n} 句（正在读取文件的其余部分…）</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>GOLD</source>
        <translation>金标准</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SYSTEM</source>
        <translation>系统输出</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>there is no sentence {n} (the files have {total})</source>
        <translation>没有第 {n} 句（文件共 {total} 句）</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>scoring cancelled: the table shows the sentences scored so far</source>
        <translation>评分已取消：表格显示已评分的句子</translation>
    </message>
    <message>
        <location filename="../shell/status.py" line="+19"/>
        <source>could not read the files</source>
        <translation>无法读取文件</translation>
    </message>
    <message>
        <location filename="../shell/window.py" line="+7"/>
        <source>Cannot open: {error}</source>
        <translation>无法打开：{error}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>tcompare: cannot read file</source>
        <translation>tcompare：无法读取文件</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>cannot draw sentence {n}: {error}</source>
        <translation>无法绘制第 {n} 句：{error}</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>no scoring profile available</source>
        <translation>没有可用的评测方案</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>no total: {message}</source>
        <translation>无总计：{message}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cannot aggregate: {error}</source>
        <translation>无法汇总：{error}</translation>
    </message>
    <message>
        <location filename="../shell/status.py" line="+8"/>
        <source>gold</source>
        <translation>金标准</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>system</source>
        <translation>系统输出</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{n} sentences</source>
        <translation>{n} 句</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>profile: {name}</source>
        <translation>评测方案：{name}</translation>
    </message>
</context>
<context>
    <name>open_dialog</name>
    <message>
        <location filename="../shell/open_dialog.py" line="+31"/>
        <source>Open gold and system files</source>
        <translation>打开金标准与系统输出文件</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The gold file is the reference: system files are scored against it, and edits are saved into it.</source>
        <translation>金标准文件是参照：系统输出文件以它为准评分，编辑也保存到它里面。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>(choose a remembered set of files)</source>
        <translation>（选择一组记住的文件）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>gold {gold}</source>
        <translation>金标准 {gold}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>system {systems}</source>
        <translation>系统输出 {systems}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Recent</source>
        <translation>最近(&amp;R)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the reference treebank</source>
        <translation>作为参照的树库</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Gold</source>
        <translation>金标准(&amp;G)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>⇅ S&amp;wap gold and system</source>
        <translation>⇅ 交换金标准与系统输出(&amp;W)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Exchange the gold file and the (selected) system file</source>
        <translation>交换金标准文件与（选中的）系统输出文件</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&amp;Add…</source>
        <translation>添加(&amp;A)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Re&amp;move</source>
        <translation>移除(&amp;M)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&amp;System(s)</source>
        <translation>系统输出(&amp;S)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>&amp;Open</source>
        <translation>打开(&amp;O)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Gold file</source>
        <translation>金标准文件</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>System file(s)</source>
        <translation>系统输出文件</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Choose the gold file.</source>
        <translation>请选择金标准文件。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{path} is a folder, not a file.</source>
        <translation>{path} 是文件夹，不是文件。</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+3"/>
        <source>{path}: no such file.</source>
        <translation>{path}：文件不存在。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The gold file is also a system file.</source>
        <translation>金标准文件同时也是系统输出文件。</translation>
    </message>
</context>
<context>
    <name>panes</name>
    <message>
        <location filename="../shell/panes.py" line="+70"/>
        <source>This sentence is larger than the view: scroll it, or press F9 to hide the side panes</source>
        <translation>这个句子超出了视图：可以滚动查看，或按 F9 隐藏侧边窗格</translation>
    </message>
</context>
<context>
    <name>parse_gold</name>
    <message>
        <location filename="../teaching/parse_gold.py" line="+65"/>
        <source>Parse gold with a parser</source>
        <translation>用句法分析器分析金标准</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>{name} (not installed)</source>
        <translation>{name}（未安装）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>On the gold&apos;s own tokens, sentence by sentence</source>
        <translation>使用金标准自身的词语，逐句分析</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>On the raw text (the parser finds sentences and tokens; scored with an aligned profile)</source>
        <translation>使用原始文本（由分析器切分句子和词语；用对齐评测方案评分）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Gold</source>
        <translation>金标准</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parser</source>
        <translation>句法分析器</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Mode</source>
        <translation>方式</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+45"/>
        <source>System file</source>
        <translation>系统文件</translation>
    </message>
    <message>
        <location line="-43"/>
        <source>Not installed here (nothing is downloaded; run the command, then open this dialog again):</source>
        <translation>本机未安装（不会自动下载；请运行下列命令，然后重新打开此对话框）：</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Parse</source>
        <translation>分析</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>no parser of this kind</source>
        <translation>没有这一类的分析器</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>gives dependencies</source>
        <translation>给出依存结构</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gives constituency trees</source>
        <translation>给出成分句法树</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>installed</source>
        <translation>已安装</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not installed: {command}</source>
        <translation>未安装：{command}</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>&amp;Parse gold with…</source>
        <translation>用分析器分析金标准(&amp;P)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run a parser installed here on the gold file and compare its output with the gold</source>
        <translation>用本机已安装的分析器分析金标准文件，并将其输出与金标准比较</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>open a gold file first</source>
        <translation>请先打开金标准文件</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>a parser is running</source>
        <translation>分析器正在运行</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Loading {parser}…</source>
        <translation>正在加载 {parser}…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Parse gold with {parser}</source>
        <translation>用 {parser} 分析金标准</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Parsing with {parser}…</source>
        <translation>正在用 {parser} 分析…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Parsing: {done} of {total} sentences</source>
        <translation>正在分析：第 {done} 句，共 {total} 句</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>cancelled: nothing was written</source>
        <translation>已取消：没有写入任何文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not parsed: {error}</source>
        <translation>未分析：{error}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Parse gold</source>
        <translation>分析金标准</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>cannot write {path}: {error}</source>
        <translation>无法写入 {path}：{error}</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{parser}: {sentences} sentences in {seconds} s, {missing} without a parse; written to {path}</source>
        <translation>{parser}：{sentences} 句，用时 {seconds} 秒，{missing} 句没有分析结果；已写入 {path}</translation>
    </message>
</context>
<context>
    <name>preferences</name>
    <message>
        <location filename="../shell/preferences.py" line="-129"/>
        <source>(the notation&apos;s default)</source>
        <translation>（该格式的默认设置）</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>&amp;Preferences…</source>
        <translation>首选项(&amp;P)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Theme, font size, language, scoring profile per notation, recent files</source>
        <translation>主题、字号、界面语言、各格式的评分方案、最近打开的文件</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>Preferences</source>
        <translation>首选项</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Interface</source>
        <translation>界面</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source> pt</source>
        <translation> 磅</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>system default</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Font size</source>
        <translation>字号(&amp;F)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;Language</source>
        <translation>界面语言(&amp;L)</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>&amp;Enhanced arcs (DEPS)</source>
        <translation>增强依存弧（DEPS）(&amp;E)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Scoring profile per notation (also remembered when you choose one)</source>
        <translation>各格式的评分方案（选用时也会记住）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Files</source>
        <translation>文件</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Recent files listed</source>
        <translation>最近文件列出个数(&amp;R)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How often unsaved gold edits are journaled for recovery</source>
        <translation>未保存的金标准修改多久记录一次日志，以便恢复</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Journal edits every</source>
        <translation>修改日志记录间隔(&amp;J)</translation>
    </message>
</context>
<context>
    <name>problems</name>
    <message>
        <location filename="../drawing/problems.py" line="+40"/>
        <source>&lt;b&gt;Sentence {n}&lt;/b&gt; of {total}</source>
        <translation>&lt;b&gt;第 {n} 句&lt;/b&gt;，共 {total} 句</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>sentences {list}</source>
        <translation>第 {list} 句</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sentence {list}</source>
        <translation>第 {list} 句</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{kind}, scored as one pair: gold {gold} · system {system}</source>
        <translation>{kind}，作为一对评分：金标准{gold} · 系统输出{system}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>gold: {file} line {line}</source>
        <translation>金标准：{file} 第 {line} 行</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>system: {file} line {line}</source>
        <translation>系统输出：{file} 第 {line} 行</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>gold</source>
        <translation>金标准</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>system</source>
        <translation>系统输出</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>{side} line {line}</source>
        <translation>{side} 第 {line} 行</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;b&gt;gold&lt;/b&gt;: no gold sentence pairs with this system sentence (sentences paired by their text)</source>
        <translation>&lt;b&gt;金标准&lt;/b&gt;：没有与这个系统输出句子配对的金标准句子（按句子文本配对）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;gold&lt;/b&gt;: {file} has only {n} sentences</source>
        <translation>&lt;b&gt;金标准&lt;/b&gt;：{file} 只有 {n} 句</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;b&gt;system&lt;/b&gt;: no sentence of {file} pairs with this gold sentence (sentences paired by their text)</source>
        <translation>&lt;b&gt;系统输出&lt;/b&gt;：{file} 中没有与这个金标准句子配对的句子（按句子文本配对）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;system&lt;/b&gt;: {file} has only {n} sentences</source>
        <translation>&lt;b&gt;系统输出&lt;/b&gt;：{file} 只有 {n} 句</translation>
    </message>
</context>
<context>
    <name>recovery_dialog</name>
    <message>
        <location filename="../editor/recovery_dialog.py" line="+66"/>
        <source>{n} edited sentence(s) of {file} were autosaved by a session that did not end normally: sentence(s) {numbers}.</source>
        <translation>一次未正常结束的会话自动保存了 {file} 中 {n} 个修改过的句子：第 {numbers} 句。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No autosaved edits of {file} can be restored.</source>
        <translation>{file} 没有可以恢复的自动保存修改。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The file was changed on disk since; sentence(s) {numbers} changed there too: choose which version to keep for each.</source>
        <translation>此后磁盘上的文件被修改过；第 {numbers} 句在文件中也有改动：请逐句选择要保留的版本。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The file was changed on disk since, but not in these sentences.</source>
        <translation>此后磁盘上的文件被修改过，但不涉及这些句子。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Not offered: {journal} belongs to {owner}, another account; journals of others are never read.</source>
        <translation>不提供恢复：{journal} 属于另一个账户 {owner}；从不读取他人的恢复记录。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Recover unsaved edits</source>
        <translation>恢复未保存的修改</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Marked: the words a restore would change. Nothing is written to the file until you save.</source>
        <translation>标出的是恢复会改变的词语。保存之前不会写入文件。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Sentence</source>
        <translation>句子</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Keep</source>
        <translation>保留</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>In the file now</source>
        <translation>文件中现在的内容</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Autosaved edit</source>
        <translation>自动保存的修改</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>changed in the file too since it was autosaved</source>
        <translation>自动保存之后文件中的这一句也被修改过</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>choose…</source>
        <translation>请选择…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>autosaved edit</source>
        <translation>自动保存的修改</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>file&apos;s version</source>
        <translation>文件中的版本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep for sentence {n}</source>
        <translation>第 {n} 句保留</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>&amp;Restore chosen</source>
        <translation>恢复所选(&amp;R)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Discard the autosave</source>
        <translation>丢弃自动保存(&amp;D)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Decide &amp;later</source>
        <translation>稍后决定(&amp;L)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keep the autosave; the next opening of this file offers it again</source>
        <translation>保留自动保存；下次打开此文件时再次提供恢复</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>First choose a version for sentence(s) {numbers}</source>
        <translation>请先为第 {numbers} 句选择一个版本</translation>
    </message>
    <message>
        <location line="-68"/>
        <source>(joined to the sentence before)</source>
        <translation>(并入前一句)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>({n} sentences)</source>
        <translation>({n} 个句子)</translation>
    </message>
</context>
<context>
    <name>release_window</name>
    <message>
        <location filename="../annotation/release_window.py" line="+32"/>
        <source>same</source>
        <translation>相同</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>changed</source>
        <translation>有改动</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>retokenised</source>
        <translation>重新分词</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>resegmented</source>
        <translation>重新切句</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>added</source>
        <translation>新增</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>removed</source>
        <translation>删除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unreadable</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>sentence ids</source>
        <translation>句子编号</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>text</source>
        <translation>文本</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Release diff — {old} → {new}</source>
        <translation>版本差异 — {old} → {new}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Sentences</source>
        <translation>句子列表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Most frequent changes</source>
        <translation>最常见的改动</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Old and new on one word axis</source>
        <translation>新旧版本在同一词轴上</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The new release&apos;s words</source>
        <translation>新版本的词语</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The sentence&apos;s changes</source>
        <translation>本句的改动</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>{old} sentences in the old release, {new} in the new; paired by {by}</source>
        <translation>旧版本 {old} 句，新版本 {new} 句；按{by}配对</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>(every change)</source>
        <translation>（全部改动）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>all but the same</source>
        <translation>除相同以外的全部</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Old</source>
        <translation>旧</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>New</source>
        <translation>新</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Changes</source>
        <translation>改动数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sent_id / words</source>
        <translation>sent_id / 词语</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Most frequent changes:</source>
        <translation>最常见的改动：</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Next changed sentence</source>
        <translation>下一个改动的句子</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Previous changed sentence</source>
        <translation>上一个改动的句子</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>old</source>
        <translation>旧</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>new</source>
        <translation>新</translation>
    </message>
</context>
<context>
    <name>report_action</name>
    <message>
        <location filename="../shell/report_action.py" line="+52"/>
        <source>reading {name}</source>
        <translation>正在读取 {name}</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>scoring {name}</source>
        <translation>正在为 {name} 评分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>labels, confusions and error classes of {name}</source>
        <translation>{name} 的标签、混淆和错误类别</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>drawing the worst sentences of {name}</source>
        <translation>正在绘制 {name} 最差的句子</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>significance test between the systems</source>
        <translation>系统间的显著性检验</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>cannot write {path}: {error}</source>
        <translation>无法写入 {path}：{error}</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Export &amp;report…</source>
        <translation>导出报告(&amp;R)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One HTML file with the figures, significance, charts and the worst sentences of every open system</source>
        <translation>一个 HTML 文件，包含每个已打开系统的分数、显著性检验、图表和最差的句子</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>open a gold file and at least one system first</source>
        <translation>请先打开一个金标准文件和至少一个系统输出</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a report is being written</source>
        <translation>正在写入一份报告</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+14"/>
        <location line="+29"/>
        <source>Export report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <location line="-40"/>
        <source>HTML report (*.html)</source>
        <translation>HTML 报告 (*.html)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Writing the report…</source>
        <translation>正在写入报告…</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>report not written: {error}</source>
        <translation>报告未写入：{error}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The report was not written:
{error}</source>
        <translation>报告未写入：
{error}</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>report written to {path} ({seconds} s)</source>
        <translation>报告已写入 {path}（{seconds} 秒）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> -- from the files as saved, without the unsaved edits</source>
        <translation>——按已保存的文件生成，不含未保存的修改</translation>
    </message>
    <message>
        <location line="-85"/>
        <source>Export &amp;interactive report…</source>
        <translation>导出交互式报告(&amp;I)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One HTML file to browse every sentence in a web browser: filters, drawings, links</source>
        <translation>一个 HTML 文件，在网页浏览器中浏览每个句子：筛选、绘图、链接</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Export interactive report</source>
        <translation>导出交互式报告</translation>
    </message>
</context>
<context>
    <name>scorer_text</name>
    <message>
        <location filename="../language/scorer_text.py" line="+23"/>
        <source>Length unmatch: gold {gold} words, system {system}</source>
        <translation>长度不一致：金标准 {gold} 个词，系统输出 {system} 个</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Words unmatch: gold “{gold}”, system “{system}”</source>
        <translation>词语不一致：金标准“{gold}”，系统输出“{system}”</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Brackets unbalanced (too many closing brackets)</source>
        <translation>括号不配对（右括号过多）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Brackets unbalanced (too many opening brackets)</source>
        <translation>括号不配对（左括号过多）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The sentence cannot be read</source>
        <translation>无法读取该句</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Number of lines differs (too many lines in the gold file)</source>
        <translation>行数不一致（金标准文件行数过多）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Number of lines differs (too many lines in the system file)</source>
        <translation>行数不一致（系统输出文件行数过多）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>skipped: the system tree has no words after deletion</source>
        <translation>已跳过：删除后系统输出树中没有词</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no parse: counted with no brackets (-X)</source>
        <translation>无分析结果：按没有括号计分（-X）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no parse ({where})</source>
        <translation>无分析结果（{where}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no parse output</source>
        <translation>没有分析结果输出</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>gold has {gold} words, system has {system}</source>
        <translation>金标准有 {gold} 个词，系统输出有 {system} 个</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>gold has {gold} words, system {system} (after cleaning)</source>
        <translation>金标准有 {gold} 个词，系统输出有 {system} 个（清理后）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>missing: no system sentence pairs with gold sentence {n} ({where}); counted as no parse</source>
        <translation>缺失：没有系统输出句子与金标准第 {n} 句（{where}）配对；按无分析结果计分</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>extra: system sentence {n} ({where}) pairs with no gold sentence; its items count as wrong</source>
        <translation>多余：系统输出第 {n} 句（{where}）没有可配对的金标准句子；其各项均算作错误</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>joined: scored with gold sentence {n}</source>
        <translation>合并：与金标准第 {n} 句一起计分</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>split: scored with gold sentence {n}</source>
        <translation>拆分：与金标准第 {n} 句一起计分</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>gold sentence {n} ({where}) has no tree and no system partner</source>
        <translation>金标准第 {n} 句（{where}）没有树，也没有配对的系统输出句子</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>system sentence {n} ({where}) is empty and pairs with no gold sentence</source>
        <translation>系统输出第 {n} 句（{where}）为空，且没有可配对的金标准句子</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no phenomenon listed in the gold or recognised in the parse</source>
        <translation>金标准中没有列出现象，分析结果中也没有识别出现象</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no gold tree</source>
        <translation>没有金标准树</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no system tree</source>
        <translation>没有系统输出树</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no repair within {n} steps</source>
        <translation>{n} 步之内无法修复</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>search stopped: {n} steps</source>
        <translation>搜索已停止：{n} 步</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>repair search failed: {why}</source>
        <translation>修复搜索失败：{why}</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+4"/>
        <source>profile {profile} scores sentence by sentence: choose {aligned} in the Profile box (it aligns the sentences)</source>
        <translation>评测方案 {profile} 逐句计分：请在“评测方案”框中选择 {aligned}（它会对齐句子）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>profile {profile} aligns the whole files</source>
        <translation>评测方案 {profile} 会对齐整个文件</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>profile {profile} compares word by word: choose {aligned} in the Profile box (it aligns words on characters)</source>
        <translation>评测方案 {profile} 逐词比较：请在“评测方案”框中选择 {aligned}（它按字符对齐词语）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>joined: gold sentences {gold} and system sentence {system} hold the same characters (several gold sentences are one system sentence)</source>
        <translation>合并：金标准第 {gold} 句与系统输出第 {system} 句的字符相同（几个金标准句子合成了一个系统输出句子）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>split: gold sentence {gold} and system sentences {system} hold the same characters (one gold sentence is several system sentences)</source>
        <translation>拆分：金标准第 {gold} 句与系统输出第 {system} 句的字符相同（一个金标准句子分成了几个系统输出句子）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>different text: gold {gold}, system {system} (first difference at character {k}; gold has {n} characters, system {m}){rest}</source>
        <translation>文本不同：金标准 {gold}，系统输出 {system}（从第 {k} 个字符起不同；金标准 {n} 个字符，系统输出 {m} 个）{rest}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>missing: gold sentence {n} ({where}): {why}</source>
        <translation>缺失：金标准第 {n} 句（{where}）：{why}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>its gold items count as missing</source>
        <translation>其金标准各项算作缺失</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>missing: gold sentences {list}: {why}</source>
        <translation>缺失：金标准第 {list} 句：{why}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the system sentence cannot be read (system: {error})</source>
        <translation>无法读取系统输出句子（系统输出：{error}）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>gold sentences {gold} and system sentences {system} hold the same characters (the sentence boundaries differ)</source>
        <translation>金标准第 {gold} 句与系统输出第 {system} 句的字符相同（句子边界不同）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>different word segmentation: gold has {gold} words, system {system}</source>
        <translation>分词不同：金标准有 {gold} 个词，系统输出有 {system} 个</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>from word {k}: gold {gold}, system {system}</source>
        <translation>从第 {k} 个词起：金标准 {gold}，系统输出 {system}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>move</source>
        <translation>移动</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>relabel</source>
        <translation>改标签</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>add</source>
        <translation>添加</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>remove</source>
        <translation>删除</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>NP Internal</source>
        <translation>NP 内部</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Wrong pair</source>
        <translation>配对错误</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Incorrectly present</source>
        <translation>错误出现</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Incorrectly missing</source>
        <translation>错误缺失</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>UCP related</source>
        <translation>与 UCP 有关</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sense Confusion, causing mis-attachment</source>
        <translation>词义混淆导致附着错误</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scope error</source>
        <translation>辖域错误</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>unclassified ({kind})</source>
        <translation>未归类（{kind}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{label} Attachment</source>
        <translation>{label} 附着</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{upper} over {lower}</source>
        <translation>{upper} 套 {lower}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{a} and {b}</source>
        <translation>{a} 与 {b}</translation>
    </message>
</context>
<context>
    <name>sentence_panel</name>
    <message>
        <location filename="../table/panel.py" line="+48"/>
        <source>Show sentences with this status or review mark</source>
        <translation>显示具有该状态或审阅标记的句子</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>F1 range (sentences without an F1 are hidden when narrowed)</source>
        <translation>F1 范围（缩小范围时隐藏没有 F1 的句子）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>filter words…</source>
        <translation>按词语筛选…</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Show only sentences with this kind of dependency error</source>
        <translation>只显示有此类依存错误的句子</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>With several systems: the sentences where one is right and another wrong, or where all are wrong</source>
        <translation>多个系统时：筛选一个正确而另一个错误，或全部错误的句子</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Sentences</source>
        <translation>句子</translation>
    </message>
    <message>
        <location line="+121"/>
        <source>all sentences</source>
        <translation>全部句子</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>all systems wrong here</source>
        <translation>所有系统均出错</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{a} right, {b} wrong</source>
        <translation>{a} 正确，{b} 错误</translation>
    </message>
</context>
<context>
    <name>sidebar</name>
    <message>
        <location filename="../table/sidebar.py" line="+30"/>
        <source>Other file…</source>
        <translation>其他文件…</translation>
    </message>
    <message>
        <location line="+86"/>
        <source>Scoring</source>
        <translation>评分</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Profile</source>
        <translation>评测方案</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>System</source>
        <translation>系统输出</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+202"/>
        <source>Sentence</source>
        <translation>句子</translation>
    </message>
    <message>
        <location line="-185"/>
        <source>Running total</source>
        <translation>累计结果</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Report text</source>
        <translation>报告文本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The report as tcompare score prints it</source>
        <translation>与 tcompare score 输出相同的报告</translation>
    </message>
    <message>
        <location line="+80"/>
        <location line="+19"/>
        <source>default</source>
        <translation>默认</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>default (COLLINS)</source>
        <translation>默认（COLLINS）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>EVALB parameter file</source>
        <translation>EVALB 参数文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>EVALB parameters (*.prm);;All files (*)</source>
        <translation>EVALB 参数 (*.prm);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Sentence {n}</source>
        <translation>第 {n} 句</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not scored yet</source>
        <translation>尚未评分</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no profile</source>
        <translation>没有评测方案</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>counts</source>
        <translation>计数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>note: {flag}</source>
        <translation>注：{flag}</translation>
    </message>
    <message>
        <location line="+29"/>
        <location line="+52"/>
        <source>status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>Secondary scores (corpus)</source>
        <translation>次要指标（全语料）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>mean of the sentences&apos; scores</source>
        <translation>各句得分的平均值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TED (Dice)</source>
        <translation>树编辑距离（Dice）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1 - edit operations / nodes, summed over the corpus</source>
        <translation>1 - 编辑操作数 / 节点数（全语料合计）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>TED not computed (time limit): gold {list}</source>
        <translation>树编辑距离未计算（超时）：标准句 {list}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>leaf-ancestor not computed (time limit): gold {list}</source>
        <translation>叶祖先得分未计算（超时）：标准句 {list}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>pairs without one sentence on each side</source>
        <translation>两边并非各有一句的句对</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Running total ({rows} of {total} sentences)</source>
        <translation>累计结果（{rows} / {total} 句）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Running total ({rows} sentences)</source>
        <translation>累计结果（{rows} 句）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>profile</source>
        <translation>评测方案</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>left out</source>
        <translation>未计入</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sentences</source>
        <translation>句子</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>gold items</source>
        <translation>金标项</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>recall with them</source>
        <translation>计入后的召回率</translation>
    </message>
    <message>
        <location line="-373"/>
        <source>Secondary scores</source>
        <translation>次要指标</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Leaf-ancestor, tree edit distance and function tags of this sentence</source>
        <translation>本句的叶祖先得分、树编辑距离和功能标记</translation>
    </message>
    <message>
        <location line="+251"/>
        <location line="+66"/>
        <source>not scored</source>
        <translation>未计分</translation>
    </message>
    <message>
        <location line="-63"/>
        <location line="+42"/>
        <source>leaf-ancestor</source>
        <translation>叶祖先得分</translation>
    </message>
    <message>
        <location line="-39"/>
        <location line="+6"/>
        <location line="+38"/>
        <source>tree distance</source>
        <translation>树编辑距离</translation>
    </message>
    <message>
        <location line="-43"/>
        <location line="+45"/>
        <source>edit operations / nodes of both trees</source>
        <translation>编辑操作数 / 两棵树的节点数</translation>
    </message>
    <message>
        <location line="-43"/>
        <source>TED similarity</source>
        <translation>树编辑相似度</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>not computed (time limit)</source>
        <translation>未计算（超时）</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+38"/>
        <source>function tags</source>
        <translation>功能标记</translation>
    </message>
    <message>
        <location line="-36"/>
        <source>matched / gold / system</source>
        <translation>匹配 / 标准 / 系统</translation>
    </message>
</context>
<context>
    <name>spoken</name>
    <message>
        <location filename="../language/spoken_text.py" line="+16"/>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>word {n}</source>
        <translation>第 {n} 个词</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>words {first} to {last}</source>
        <translation>第 {first} 到 {last} 个词</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>word {n} {form}</source>
        <translation>第 {n} 个词 {form}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unlabelled node</source>
        <translation>无标签节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>crosses a bracket of the other side</source>
        <translation>与另一侧的括号交叉</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>root</source>
        <translation>根</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{label}, from {head} to {dependent}</source>
        <translation>{label}，从 {head} 到 {dependent}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>from {head}</source>
        <translation>从 {head}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>: {side} says {what}</source>
        <translation>（{side}：{what}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not scored</source>
        <translation>不计分</translation>
    </message>
</context>
<context>
    <name>suspects_window</name>
    <message>
        <location filename="../annotation/suspects_window.py" line="+70"/>
        <source>Suspicious gold — {gold}</source>
        <translation>可疑的金标准 — {gold}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Rank</source>
        <translation>排名</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Sentence</source>
        <translation>句子</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Score</source>
        <translation>分数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Systems</source>
        <translation>系统证据</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Nuclei / duplicates</source>
        <translation>变异核 / 重复句</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Words</source>
        <translation>词语</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Open in the gold editor</source>
        <translation>在金标准编辑器中打开</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Next suspect</source>
        <translation>下一个可疑句</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Previous suspect</source>
        <translation>上一个可疑句</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Suspects</source>
        <translation>可疑句列表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Gold and systems on one word axis</source>
        <translation>金标准与系统输出在同一词轴上</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Systems with other words</source>
        <translation>词语不同的系统输出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The evidence</source>
        <translation>证据</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No evidence against any gold sentence.</source>
        <translation>没有针对任何金标准句子的证据。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>gold</source>
        <translation>金标准</translation>
    </message>
</context>
<context>
    <name>table_model</name>
    <message>
        <location filename="../table/model.py" line="+221"/>
        <source>{key} of system {letter}: {file}</source>
        <translation>系统 {letter} 的 {key}：{file}</translation>
    </message>
    <message>
        <location line="+85"/>
        <source>gold line {line}</source>
        <translation>金标准第 {line} 行</translation>
    </message>
</context>
<context>
    <name>terms</name>
    <message>
        <location filename="../drawing/dep_view.py" line="-736"/>
        <location filename="../language/terms.py" line="+164"/>
        <source>all sentences</source>
        <translation>全部句子</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../language/terms.py" line="+1"/>
        <source>has wrong head</source>
        <translation>中心词有错</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../language/terms.py" line="+1"/>
        <source>has wrong label</source>
        <translation>关系标签有错</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../language/terms.py" line="+1"/>
        <source>has cycle / several roots</source>
        <translation>有环 / 多个根</translation>
    </message>
    <message>
        <location filename="../language/terms.py" line="-150"/>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>valid</source>
        <translation>有效</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>skip</source>
        <translation>跳过</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no parse</source>
        <translation>无分析结果</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>extra</source>
        <translation>多余</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>flagged</source>
        <translation>待查</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>reviewed</source>
        <translation>已审阅</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>match</source>
        <translation>匹配</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>label only</source>
        <translation>仅标签错误</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>crossing</source>
        <translation>交叉括号</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>wrong pos</source>
        <translation>词性错误</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>wrong head</source>
        <translation>中心词错误</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>wrong label</source>
        <translation>关系标签错误</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>wrong both</source>
        <translation>中心词和标签均错</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ignored</source>
        <translation>不计分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>matched</source>
        <translation>匹配</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>right span, wrong label</source>
        <translation>跨度正确，标签错误</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>missing from system (gold only)</source>
        <translation>系统输出缺失（仅金标准有）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>extra in system</source>
        <translation>系统输出多余</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>crossing a gold bracket</source>
        <translation>与金标准括号交叉</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>wrong POS tag</source>
        <translation>词性标记错误</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>wrong head and label</source>
        <translation>中心词和关系标签均错</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not scored (deleted label, punctuation)</source>
        <translation>不计分（删除的标签、标点）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no verdict</source>
        <translation>无判定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gold</source>
        <translation>金标准</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>system</source>
        <translation>系统输出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gold/system</source>
        <translation>金标准/系统输出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>node</source>
        <translation>节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>word</source>
        <translation>词</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>empty node</source>
        <translation>空节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>bracket</source>
        <translation>括号</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>arc</source>
        <translation>依存弧</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tag</source>
        <translation>词性标记</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>role</source>
        <translation>语义角色</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>event</source>
        <translation>事件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>len</source>
        <translation>长度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>mark</source>
        <translation>标记</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>first words</source>
        <translation>句首词语</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>message</source>
        <translation>信息</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tag acc</source>
        <translation>标记准确率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>precision</source>
        <translation>准确率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>recall</source>
        <translation>召回率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>fmeasure</source>
        <translation>F 值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>f1</source>
        <translation>F1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tagging accuracy</source>
        <translation>词性标注准确率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>complete match</source>
        <translation>完全匹配</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no crossing</source>
        <translation>无交叉</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>two or less crossing</source>
        <translation>交叉不超过两处</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>average crossing</source>
        <translation>平均交叉数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gold brackets</source>
        <translation>金标准括号数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>test brackets</source>
        <translation>系统输出括号数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>matched brackets</source>
        <translation>匹配括号数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct tags</source>
        <translation>正确标记数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>error sentences</source>
        <translation>出错句数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>skip sentences</source>
        <translation>跳过句数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>valid sentences</source>
        <translation>有效句数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sentences</source>
        <translation>句数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>words</source>
        <translation>词数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tokens</source>
        <translation>词例数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nonscoring</source>
        <translation>不计分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>length</source>
        <translation>长度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>errors</source>
        <translation>错误数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>errors made</source>
        <translation>犯错数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct</source>
        <translation>正确</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>aligned</source>
        <translation>已对齐</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>aligned accuracy</source>
        <translation>对齐准确率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>head correct</source>
        <translation>中心词正确</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>label correct</source>
        <translation>标签正确</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>both correct</source>
        <translation>均正确</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>root correct</source>
        <translation>根正确</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>root gold</source>
        <translation>金标准根</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>root system</source>
        <translation>系统输出根</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>pos correct</source>
        <translation>词性正确</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>pos gold</source>
        <translation>金标准词性</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>recognised</source>
        <translation>已识别</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>short</source>
        <translation>短句</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>other correct</source>
        <translation>其他正确</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>other gold</source>
        <translation>其他金标准</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>other system</source>
        <translation>其他系统输出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sentence precision</source>
        <translation>句子准确率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sentence recall</source>
        <translation>句子召回率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>token ratio</source>
        <translation>词例比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nocross</source>
        <translation>无交叉</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>macro</source>
        <translation>宏平均</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>micro</source>
        <translation>微平均</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+145"/>
        <source>class {n}</source>
        <translation>第 {n} 类</translation>
    </message>
    <message>
        <location line="-144"/>
        <source>cycle</source>
        <translation>有环</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>self loop</source>
        <translation>自环</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>several roots</source>
        <translation>多个根</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>non projective</source>
        <translation>非投射</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gold non projective</source>
        <translation>金标准非投射</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>p undefined</source>
        <translation>准确率无定义</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>r undefined</source>
        <translation>召回率无定义</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>pos</source>
        <translation>词性</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>flags</source>
        <translation>标志</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>root</source>
        <translation>根</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>adjunct</source>
        <translation>附加语</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>complex sentence</source>
        <translation>复句</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>coordination</source>
        <translation>并列结构</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>inversion</source>
        <translation>倒装</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>monotransitive</source>
        <translation>单宾语及物</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>passive</source>
        <translation>被动</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>preposition</source>
        <translation>介词</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>proper noun</source>
        <translation>专有名词</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>prm</source>
        <translation>参数文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PP Attachment</source>
        <translation>PP 附着</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Clause Attachment</source>
        <translation>从句附着</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Modifier Attachment</source>
        <translation>修饰语附着</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NP Attachment</source>
        <translation>NP 附着</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>VP Attachment</source>
        <translation>VP 附着</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Co-ordination</source>
        <translation>并列结构</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unary</source>
        <translation>一元节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>XoverX Unary</source>
        <translation>X 套 X 一元节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Single Word Phrase</source>
        <translation>单词短语</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NP Internal Structure</source>
        <translation>NP 内部结构</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Different label</source>
        <translation>标签不同</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Noun boundary error</source>
        <translation>名词边界错误</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Split Verb Compound</source>
        <translation>动词复合词被拆分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Verb taking wrong arguments</source>
        <translation>动词论元错误</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>undefined</source>
        <translation>无定义</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>serial verb construction</source>
        <translation>连动结构</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>verb that takes verbal complement</source>
        <translation>带谓词性宾语的动词</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>count unparsed</source>
        <translation>计入未分析句</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>events</source>
        <translation>事件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>exclude deriv</source>
        <translation>排除 DERIV</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>exclude punct</source>
        <translation>排除标点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>grammar</source>
        <translation>语法体系</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>labeled</source>
        <translation>带标签</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>max error</source>
        <translation>最大错误数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>notation</source>
        <translation>格式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>rules</source>
        <translation>规则</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>score punct</source>
        <translation>标点计分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>simplify</source>
        <translation>简化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>task</source>
        <translation>任务</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>variant</source>
        <translation>变体</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>weighting</source>
        <translation>加权方式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>exhaustive</source>
        <translation>穷尽</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>parsing</source>
        <translation>句法分析</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>phenomenon</source>
        <translation>按现象</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sentence</source>
        <translation>按句子</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>singleton</source>
        <translation>单例</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>-X: an empty parse counts as a parse with no brackets</source>
        <translation>-X：空分析结果按没有括号的分析计算</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>-d: do not score tokens whose gold DEPREL is DERIV</source>
        <translation>-d：金标准 DEPREL 为 DERIV 的词不计分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>-p: also score punctuation tokens</source>
        <translation>-p：标点也计分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>-p: do not score punctuation tokens</source>
        <translation>-p：标点不计分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1 labeled, 0 unlabeled bracketing (overrides LABELED)</source>
        <translation>1 为带标签括号，0 为不带标签括号（覆盖 LABELED）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>EVALB parameter file (default: bundled COLLINS.prm)</source>
        <translation>EVALB 参数文件（默认：自带的 COLLINS.prm）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>disco-dop parameter file (default: discodop eval&apos;s settings without one)</source>
        <translation>disco-dop 参数文件（默认：discodop eval 不带参数文件时的设置）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>EVALB parameter file (default: bundled spmrl.prm)</source>
        <translation>EVALB 参数文件（默认：自带的 spmrl.prm）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>auto, psg (TCT SynC-GR labels) or ccg (CCG categories)</source>
        <translation>auto、psg（TCT SynC-GR 标签）或 ccg（CCG 范畴）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>do not score punctuation tokens (eval.pl&apos;s Unicode rule)</source>
        <translation>标点不计分（eval.pl 的 Unicode 规则）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>equal weight per sentence (the paper&apos;s) or per phenomenon</source>
        <translation>每句等权（论文做法）或每种现象等权</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gold event bank for Task 2-1 event recognition (Micro_R, Macro_R)</source>
        <translation>任务 2-1 事件识别的金标准事件库（Micro_R、Macro_R）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>jp-evalb.py&apos;s -evalb mode</source>
        <translation>jp-evalb.py 的 -evalb 模式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>map fine treebank POS tags (Nhaa, VC31) to coarse SIGHAN tags (Nh, VC) before comparing tags</source>
        <translation>比较前将树库细粒度词性（Nhaa、VC31）映射为 SIGHAN 粗粒度词性（Nh、VC）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>notation of the parses (selects the patterns of the rule file); empty: guessed from the first parse</source>
        <translation>分析结果的格式（决定规则文件中使用的模式）；留空：根据第一个分析结果推断</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>parameter file (jp-evalb.py&apos;s .prm argument)</source>
        <translation>参数文件（jp-evalb.py 的 .prm 参数）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>parsing (Task 4-1) or srl (Task 4-2)</source>
        <translation>parsing（任务 4-1，句法分析）或 srl（任务 4-2，语义角色标注）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>rule file (default: the shipped rules for the parses&apos; notation)</source>
        <translation>规则文件（默认：按分析结果格式使用自带规则）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>singleton (AP/AN lists) or exhaustive (one list A)</source>
        <translation>singleton（AP/AN 两个列表）或 exhaustive（一个列表 A）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stop after this many errors (overrides MAX_ERROR)</source>
        <translation>出现这么多错误后停止（覆盖 MAX_ERROR）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CIPS-SIGHAN-ParsEval-2010: POS-A, B+C, B+C+H, S_S/C_S/Total F1, event recognition</source>
        <translation>CIPS-SIGHAN-ParsEval-2010：POS-A、B+C、B+C+H、S_S/C_S/Total F1、事件识别</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CIPS-SIGHAN-ParsEval-2012: SC, LC, ULC, NoCross, 6 constituent classes, Tot4 (PSG and CCG)</source>
        <translation>CIPS-SIGHAN-ParsEval-2012：SC、LC、ULC、NoCross、6 类成分、Tot4（PSG 与 CCG）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CoNLL 2007 shared task (eval07.pl v1.4): punctuation scored by default</source>
        <translation>CoNLL 2007 评测任务（eval07.pl v1.4）：默认标点计分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CoNLL 2018 UD shared task (conll18_ud_eval.py v1.2): words aligned on characters; Tokens, Sentences, Words, UPOS, XPOS, UFeats, AllTags, Lemmas, UAS, LAS, CLAS, MLAS, BLEX</source>
        <translation>CoNLL 2018 UD 评测任务（conll18_ud_eval.py v1.2）：按字符对齐词语；Tokens、Sentences、Words、UPOS、XPOS、UFeats、AllTags、Lemmas、UAS、LAS、CLAS、MLAS、BLEX</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CoNLL-X shared task (eval.pl v1.9): LAS, UAS, LA; punctuation not scored</source>
        <translation>CoNLL-X 评测任务（eval.pl v1.9）：LAS、UAS、LA；标点不计分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cross-framework evaluation by phenomena (seed 004): recognised phenomena vs a gold list</source>
        <translation>按语言现象的跨框架评测（seed 004）：识别出的现象与金标准列表对比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>EVALB_SPMRL (SPMRL 2013/2014 shared tasks), byte-compatible with evalb_spmrl</source>
        <translation>EVALB_SPMRL（SPMRL 2013/2014 评测任务），与 evalb_spmrl 输出逐字节一致</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PARSEVAL as computed by EVALB (Sekine &amp; Collins), byte-compatible with evalb 2013</source>
        <translation>EVALB（Sekine &amp; Collins）计算的 PARSEVAL，与 evalb 2013 输出逐字节一致</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SIGHAN-2012 Traditional Chinese parsing (Sinica): Task 4-1 parsing, Task 4-2 SRL</source>
        <translation>SIGHAN-2012 繁体中文句法分析（Sinica）：任务 4-1 句法分析，任务 4-2 语义角色标注</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>alignment-based PARSEVAL (Jo, Park &amp; Park 2024): jp-evalb.py&apos;s figures</source>
        <translation>基于对齐的 PARSEVAL（Jo, Park &amp; Park 2024）：jp-evalb.py 的指标</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>eval.pl-style report on CoNLL-U words (same words both sides; DEPREL subtypes compared): LAS, UAS, LA, plus CLAS; the CoNLL 2018 scorer is conll18</source>
        <translation>eval.pl 风格的 CoNLL-U 词语报告（两侧词语相同；比较 DEPREL 子类型）：LAS、UAS、LA 及 CLAS；CoNLL 2018 评分器见 conll18</translation>
    </message>
    <message>
        <location line="-18"/>
        <source>Official UD evaluation (eval.py of UniversalDependencies/tools, IWPT 2020/2021): the CoNLL 2018 metrics plus ELAS and EULAS on enhanced dependencies</source>
        <translation>UD 官方评测（UniversalDependencies/tools 的 eval.py，IWPT 2020/2021）：CoNLL 2018 各项指标，另加增强依存的 ELAS 与 EULAS</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>punctuation</source>
        <translation>标点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>whole span</source>
        <translation>整句跨度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>single words</source>
        <translation>单词跨度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>max words</source>
        <translation>最大词数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>keep</source>
        <translation>保留</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>drop</source>
        <translation>去掉</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>drop-root</source>
        <translation>去掉根节点的</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>corpus f1</source>
        <translation>语料级 F1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>corpus precision</source>
        <translation>语料级准确率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>corpus recall</source>
        <translation>语料级召回率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sentence f1</source>
        <translation>句子级 F1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unlabeled span F1 of unsupervised parsing (variants: compound-pcfg, prpn, strict; corpus and sentence-level F1)</source>
        <translation>无监督句法分析的无标记跨度 F1（变体：compound-pcfg、prpn、strict；语料级与句子级 F1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>whose evaluation: compound-pcfg, prpn or strict</source>
        <translation>采用谁的评测：compound-pcfg、prpn 或 strict</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>keep or drop punctuation words (variant: as the variant does)</source>
        <translation>保留或去掉标点词（变体：按所选变体）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>keep, drop or drop-root the whole-sentence span</source>
        <translation>保留、去掉或只去掉根节点的整句跨度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>keep or drop one-word spans</source>
        <translation>保留或去掉单词跨度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>skip gold sentences longer than this (0: the variant&apos;s)</source>
        <translation>跳过超过此长度的标准句子（0：按变体）</translation>
    </message>
</context>
<context>
    <name>themes</name>
    <message>
        <location filename="../themes.py" line="+43"/>
        <source>Follow the system (light or dark)</source>
        <translation>跟随系统（浅色或深色）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>High contrast</source>
        <translation>高对比度</translation>
    </message>
</context>
<context>
    <name>tree_view</name>
    <message>
        <location filename="../drawing/tree_view.py" line="+219"/>
        <source>Tree comparison</source>
        <translation>句法树比较</translation>
    </message>
    <message>
        <location line="+202"/>
        <source>  (no tree)</source>
        <translation>  （无句法树）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>   (each box: upper half = the system above, lower half = the system below)</source>
        <translation>   （每个框：上半 = 上方的系统，下半 = 下方的系统）</translation>
    </message>
    <message>
        <location line="+192"/>
        <source>category</source>
        <translation>范畴</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>function</source>
        <translation>功能标记</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>index</source>
        <translation>索引</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+18"/>
        <source>role</source>
        <translation>语义角色</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>heads</source>
        <translation>中心词</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>head child</source>
        <translation>中心子节点</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+17"/>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>span</source>
        <translation>跨度</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{side} word {n}</source>
        <translation>{side}第 {n} 个词</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>head</source>
        <translation>中心词</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>characters</source>
        <translation>字符位置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>segmented differently on the other side</source>
        <translation>另一侧的分词不同</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+3"/>
        <source>not scored</source>
        <translation>不计分</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>verdict of system {name}</source>
        <translation>系统 {name} 的判定</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>verdict</source>
        <translation>判定</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>crosses a bracket of the other side</source>
        <translation>与另一侧的括号交叉</translation>
    </message>
    <message>
        <location line="-24"/>
        <source>words</source>
        <translation>所含词</translation>
    </message>
</context>
<context>
    <name>two_systems</name>
    <message>
        <location filename="../analysis/two_systems.py" line="+36"/>
        <source>— one system —</source>
        <translation>— 仅一个系统 —</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Draw a second system below the gold tree, the drawn one above it (Ctrl+Shift+T)</source>
        <translation>在金标准树下方绘制第二个系统，当前系统绘于其上方（Ctrl+Shift+T）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Two systems are drawn together for constituency trees only (the arc view draws one)</source>
        <translation>只有成分句法树能同时绘制两个系统（依存弧视图只绘制一个）</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>The system drawn against the gold (Ctrl+] / Ctrl+[: next / previous); the sidebar and the table follow it</source>
        <translation>与金标准对照绘制的系统（Ctrl+] / Ctrl+[：下一个 / 上一个）；侧栏和表格随之切换</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Drawn:</source>
        <translation>绘制：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>with:</source>
        <translation>并列：</translation>
    </message>
    <message>
        <location line="+67"/>
        <source>S&amp;ystems</source>
        <translation>系统(&amp;Y)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Draw &amp;next system</source>
        <translation>绘制下一个系统(&amp;N)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Draw &amp;previous system</source>
        <translation>绘制上一个系统(&amp;P)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Two systems against gold</source>
        <translation>两个系统对照金标准(&amp;T)</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>two systems are drawn together for constituency trees only</source>
        <translation>只有成分句法树能同时绘制两个系统</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>SYSTEM {letter}</source>
        <translation>系统输出 {letter}</translation>
    </message>
</context>
<context>
    <name>validator</name>
    <message>
        <location filename="../editor/validator_loop.py" line="+109"/>
        <source>&amp;Validator problems</source>
        <translation>验证器问题(&amp;V)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What the official UD validator says about the gold file</source>
        <translation>官方 UD 验证器对金标准文件的检查结果</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Check file with the UD &amp;validator</source>
        <translation>用 UD 验证器检查文件(&amp;V)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run the official UD validator on the whole gold file, edits included</source>
        <translation>用官方 UD 验证器检查整个金标准文件（包括未保存的修改）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Next &amp;invalid sentence</source>
        <translation>下一个无效句子(&amp;I)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Next sentence the UD validator found an error in</source>
        <translation>跳到 UD 验证器发现错误的下一句</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Previous in&amp;valid sentence</source>
        <translation>上一个无效句子(&amp;V)</translation>
    </message>
    <message>
        <location line="+110"/>
        <source>wait until the file is read, then check it</source>
        <translation>请等文件读完后再检查</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>validator run stopped</source>
        <translation>验证器已停止</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>UD validator not found: {why}</source>
        <translation>未找到 UD 验证器：{why}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the UD validator failed: {why}</source>
        <translation>UD 验证器运行失败：{why}</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>open a CoNLL-U gold file to check it with the UD validator</source>
        <translation>请打开一个 CoNLL-U 金标准文件，再用 UD 验证器检查</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the UD validator checks CoNLL-U files; {file} is {notation}</source>
        <translation>UD 验证器只检查 CoNLL-U 文件；{file} 是 {notation} 格式</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&lt;b&gt;UD validator not found.&lt;/b&gt; {why}. Set it in Edit › Preferences (program and interpreter).</source>
        <translation>&lt;b&gt;未找到 UD 验证器。&lt;/b&gt;{why}。请在“编辑 › 首选项”中设置（程序和解释器）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>level {level}, language {lang}</source>
        <translation>级别 {level}，语言 {lang}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Checking {file} ({where})…</source>
        <translation>正在检查 {file}（{where}）…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;b&gt;The UD validator failed:&lt;/b&gt; {why}</source>
        <translation>&lt;b&gt;UD 验证器运行失败：&lt;/b&gt;{why}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{file} checked at {time} ({where}): {errors} error(s) in {n} sentence(s), {warnings} warning(s)</source>
        <translation>{file} 已于 {time} 检查（{where}）：{n} 句中有 {errors} 个错误，{warnings} 个警告</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Edited sentences checked ({where}): {errors} error(s), {warnings} warning(s). F7 checks the whole file.</source>
        <translation>已检查修改过的句子（{where}）：{errors} 个错误，{warnings} 个警告。按 F7 检查整个文件。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Not checked yet ({where}). F7 checks the whole file; each edited sentence is checked as you edit.</source>
        <translation>尚未检查（{where}）。按 F7 检查整个文件；每个修改过的句子会在编辑时自动检查。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Not checked yet ({where}). F7 checks the whole file.</source>
        <translation>尚未检查（{where}）。按 F7 检查整个文件。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>checking the edited sentence…</source>
        <translation>正在检查修改过的句子…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>UD validator: {n} error(s)</source>
        <translation>UD 验证器：{n} 个错误</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>no sentence has a validator error</source>
        <translation>没有句子有验证器错误</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no validator error known: F7 checks the whole file</source>
        <translation>尚无已知的验证器错误：按 F7 检查整个文件</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The UD validator found {errors} error(s) in {n} sentence(s) of this file ({rows}). Save it anyway?</source>
        <translation>UD 验证器在此文件的 {n} 句中发现 {errors} 个错误（{rows}）。仍然保存吗？</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save a file with validator errors?</source>
        <translation>保存有验证器错误的文件？</translation>
    </message>
    <message>
        <location filename="../editor/validator_marks.py" line="+43"/>
        <location filename="../editor/validator_pane.py" line="+89"/>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../editor/validator_pane.py" line="+1"/>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>UD validator</source>
        <translation>UD 验证器</translation>
    </message>
    <message>
        <location filename="../editor/validator_pane.py" line="-69"/>
        <source>Sentence</source>
        <translation>句子</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Word</source>
        <translation>词</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Kind</source>
        <translation>类别</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Test</source>
        <translation>检查项</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Message</source>
        <translation>信息</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+27"/>
        <source>Validator problems</source>
        <translation>验证器问题</translation>
    </message>
    <message>
        <location line="-21"/>
        <source>The UD validator has not run yet.</source>
        <translation>UD 验证器尚未运行。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Check file (F7)</source>
        <translation>检查文件 (F7)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>◀ Previous</source>
        <translation>◀ 上一个</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next invalid (Ctrl+F8) ▶</source>
        <translation>下一个无效句 (Ctrl+F8) ▶</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>file</source>
        <translation>文件</translation>
    </message>
</context>
<context>
    <name>validator_prefs</name>
    <message>
        <location filename="../editor/validator_prefs.py" line="+52"/>
        <source>UD validator (validate.py, udvalidate)</source>
        <translation>UD 验证器（validate.py、udvalidate）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>found on PATH or as the udtools package</source>
        <translation>在 PATH 中或作为 udtools 包查找</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+6"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>The UD validator</source>
        <translation>UD 验证器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Program</source>
        <translation>程序(&amp;P)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a venv beside validate.py, else tcompare&apos;s Python</source>
        <translation>validate.py 旁的虚拟环境，否则用 tcompare 自带的解释器</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Python interpreter</source>
        <translation>Python 解释器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Interpreter</source>
        <translation>解释器(&amp;I)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>from the file name, else ud</source>
        <translation>取自文件名，否则为 ud</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>1 CoNLL-U backbone · 2 UD format · 3 UD contents · 4 language-specific labels · 5 language-specific contents</source>
        <translation>1 CoNLL-U 基本结构 · 2 UD 格式 · 3 UD 内容 · 4 语言特定标签 · 5 语言特定内容</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Level</source>
        <translation>级别</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>L&amp;anguage</source>
        <translation>语言(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check each edited sentence as I edit</source>
        <translation>编辑时检查每个修改过的句子</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show warnings</source>
        <translation>显示警告</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Warn before saving a file with validator errors</source>
        <translation>保存有验证器错误的文件前提醒</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Not found: {why}</source>
        <translation>未找到：{why}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Runs: {command} ({origin})</source>
        <translation>运行：{command}（{origin}）</translation>
    </message>
</context>
<context>
    <name>view_host</name>
    <message>
        <location filename="../drawing/host.py" line="+156"/>
        <source> (crosses a bracket of the other tree)</source>
        <translation>（与另一棵树的括号交叉）</translation>
    </message>
</context>
<context>
    <name>word_operations</name>
    <message>
        <location filename="../editor/word_operations.py" line="-238"/>
        <source>word edits are for dependency (CoNLL-U) sentences</source>
        <translation>词层编辑只用于依存(CoNLL-U)句子</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>the word belongs to a later gold sentence scored with this one: go to sentence {n} to edit it</source>
        <translation>这个词属于与本句一起评分的后一个金标准句子：请到第 {n} 句编辑它</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>{field} of “{word}”:</source>
        <translation>“{word}”的 {field}：</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Split word</source>
        <translation>拆分词</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Type “{word}” as two words, a space between them (a “+” between them makes a multiword token):</source>
        <translation>把“{word}”写成两个词，中间用空格隔开(用“+”隔开则组成多词形符)：</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>type exactly two words with a space between them</source>
        <translation>请输入恰好两个词，中间用空格隔开</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>a multiword token needs the next word too</source>
        <translation>多词形符还需要下一个词</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Make multiword token</source>
        <translation>组成多词形符</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Form of the multiword token over words {first}–{last}:</source>
        <translation>第 {first}–{last} 个词组成的多词形符的词形：</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Insert empty node</source>
        <translation>插入空节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Form of the empty node after “{word}”:</source>
        <translation>“{word}”后的空节点的词形：</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Its enhanced dependencies (DEPS), HEAD:relation|…:</source>
        <translation>它的增强依存(DEPS)，中心词:关系|…：</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>this sentence has no empty node</source>
        <translation>这个句子没有空节点</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Delete empty node</source>
        <translation>删除空节点</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Empty node to delete:</source>
        <translation>要删除的空节点：</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Split sentence</source>
        <translation>拆分句子</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>this is the last sentence of the file</source>
        <translation>这是文件的最后一句</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the next sentence could not be read ({error})</source>
        <translation>无法读取下一句({error})</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Merge with the next sentence</source>
        <translation>与下一句合并</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{edit}: the systems are paired and scored again</source>
        <translation>{edit}：已重新配对并评分各系统</translation>
    </message>
</context>
</TS>
