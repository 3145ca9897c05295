<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW">
<context>
    <name>actions</name>
    <message>
        <location filename="../shell/open_dialog.py" line="+26"/>
        <source>All files (*);;Treebanks (*.mrg *.gld *.gold *.tst *.sys *.txt *.ptb *.tree *.trees *.auto *.conll *.conllu *.conllx *.sinica *.tct *.psg *.pku *.ccg)</source>
        <translation>所有檔案 (*);;樹庫 (*.mrg *.gld *.gold *.tst *.sys *.txt *.ptb *.tree *.trees *.auto *.conll *.conllu *.conllx *.sinica *.tct *.psg *.pku *.ccg)</translation>
    </message>
    <message>
        <location filename="../shell/actions.py" line="+56"/>
        <source>Side by side</source>
        <translation>左右並列</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Stacked</source>
        <translation>上下排列</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mirrored</source>
        <translation>鏡像對照</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>&amp;Open gold…</source>
        <translation>開啟標準答案(&amp;O)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open a gold treebank (and, optionally, system files)</source>
        <translation>開啟標準答案樹庫（也可同時選擇系統輸出檔案）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Add system…</source>
        <translation>新增系統輸出(&amp;A)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add a system (parser output) file to compare</source>
        <translation>新增一個系統輸出（剖析器結果）檔案進行比較</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reopen with &amp;encoding…</source>
        <translation>以指定編碼重新開啟(&amp;E)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read the open files again in an encoding you choose (the command line&apos;s --encoding)</source>
        <translation>以選定的編碼重新讀取已開啟的檔案（即命令列的 --encoding）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Grade a class…</source>
        <translation>批改全班作業(&amp;G)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Grade students&apos; trees against an exercise&apos;s gold file</source>
        <translation>依練習的標準答案檔批改學生的樹</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Quit</source>
        <translation>結束(&amp;Q)</translation>
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
        <translation>下一處錯誤(&amp;E)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next sentence where gold and system disagree (or not scored)</source>
        <translation>跳到標準答案與系統輸出不一致（或未評分）的下一句</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Previous e&amp;rror</source>
        <translation>上一處錯誤(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Go to sentence…</source>
        <translation>跳至句子(&amp;G)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Find words…</source>
        <translation>尋找詞語(&amp;F)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Find ne&amp;xt</source>
        <translation>尋找下一個(&amp;X)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Find pre&amp;vious</source>
        <translation>尋找上一個(&amp;V)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Zoom &amp;in</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom &amp;out</source>
        <translation>縮小(&amp;O)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom to &amp;fit</source>
        <translation>符合視窗大小(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Actual size</source>
        <translation>實際大小(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Side &amp;panes</source>
        <translation>側邊窗格(&amp;P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show or hide the sentence table and the metrics (a long sentence folds them on a small screen)</source>
        <translation>顯示或隱藏句子表與指標（在小螢幕上，長句會自動收合它們）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Show &amp;POS row</source>
        <translation>顯示詞性行(&amp;P)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Show &amp;function tags</source>
        <translation>顯示功能標記(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show &amp;roles</source>
        <translation>顯示語意角色(&amp;R)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;About tcompare</source>
        <translation>關於 tcompare(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Documentation</source>
        <translation>說明文件(&amp;D)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The manual: the window, editing, the profiles, the notations</source>
        <translation>使用手冊：視窗、編輯、評測方案、標註格式</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;File</source>
        <translation>檔案(&amp;F)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open &amp;recent</source>
        <translation>最近開啟(&amp;R)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Navigate</source>
        <translation>瀏覽(&amp;N)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;View</source>
        <translation>檢視(&amp;V)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;Help</source>
        <translation>說明(&amp;H)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Navigation</source>
        <translation>瀏覽</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>&amp;Language</source>
        <translation>介面語言(&amp;L)</translation>
    </message>
    <message>
        <location line="+25"/>
        <location filename="../shell/preferences.py" line="+185"/>
        <source>System default</source>
        <translation>依系統設定</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>Add system file(s)</source>
        <translation>新增系統輸出檔案</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Reopen with encoding</source>
        <translation>以指定編碼重新開啟</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Encoding of the gold and system files:</source>
        <translation>標準答案和系統輸出檔案的編碼：</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>  vs  </source>
        <translation>  對比  </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>(none)</source>
        <translation>（無）</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Go to sentence</source>
        <translation>跳至句子</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sentence (1–{total}):</source>
        <translation>句子（1–{total}）：</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Find words</source>
        <translation>尋找詞語</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Words:</source>
        <translation>詞語：</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>no sentence contains “{words}”</source>
        <translation>沒有句子包含“{words}”</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>About tcompare</source>
        <translation>關於 tcompare</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare parse trees against a gold treebank with one shared scorer.</source>
        <translation>用同一個評分器將剖析樹與標準答案樹庫進行比較。</translation>
    </message>
</context>
<context>
    <name>agreement_tab</name>
    <message>
        <location filename="../annotation/agreement_tab.py" line="+87"/>
        <source>Field</source>
        <translation>欄位</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Units</source>
        <translation>單元數</translation>
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
        <translation>每對標註者的 Cohen κ</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Click: show only this field&apos;s disagreements</source>
        <translation>點選：只顯示該欄位的分歧</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Pair</source>
        <translation>標註者對</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Click: the next sentence where these two differ</source>
        <translation>點選：轉到這兩位標註者不一致的下一句</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{n} sentences compared</source>
        <translation>比較了 {n} 句</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{n} left out (see Unpaired)</source>
        <translation>{n} 句未納入（見“未配對”）</translation>
    </message>
</context>
<context>
    <name>analysis_panel</name>
    <message>
        <location filename="../analysis/error_panel.py" line="+102"/>
        <source>Error analysis</source>
        <translation>錯誤分析</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>query, e.g.  NP &lt; PP=p :: p.verdict=missing</source>
        <translation>查詢，例如  NP &lt; PP=p :: p.verdict=missing</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save…</source>
        <translation>儲存…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep this query under a name (then @NAME runs it, here and in tcompare search)</source>
        <translation>給這個查詢起名儲存（之後用 @名稱 即可執行，此處和 tcompare search 均可）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Query:</source>
        <translation>查詢：</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>class</source>
        <translation>類別</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>occurrences</source>
        <translation>出現次數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>brackets</source>
        <translation>括號數</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>gold</source>
        <translation>標準答案</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>system</source>
        <translation>系統輸出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>count</source>
        <translation>次數</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Error classes</source>
        <translation>錯誤類別</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Confusion</source>
        <translation>混淆</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Repair steps</source>
        <translation>修復步驟</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>figure</source>
        <translation>指標</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>value</source>
        <translation>數值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Figures</source>
        <translation>指標</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Error &amp;analysis</source>
        <translation>錯誤分析(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Error classes, confusions and queries; click a number to see its sentences</source>
        <translation>錯誤類別、標籤混淆與查詢；點選數字檢視相應句子</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Open a gold and a system file.</source>
        <translation>請開啟一個標準答案檔案和一個系統輸出檔案。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Waiting for scoring to finish…</source>
        <translation>正在等待評分完成…</translation>
    </message>
    <message>
        <location line="+27"/>
        <location line="+3"/>
        <source>query error: {error}</source>
        <translation>查詢錯誤：{error}</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>not saved: {error}</source>
        <translation>未儲存：{error}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>saved as @{name}</source>
        <translation>已儲存為 @{name}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Save query</source>
        <translation>儲存查詢</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Name (letters, digits, . _ -):</source>
        <translation>名稱（字母、數字、. _ -）：</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Counting…</source>
        <translation>正在統計…</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Counting… {done} / {total} sentences</source>
        <translation>正在統計… {done} / {total} 句</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>{n} error classes, </source>
        <translation>{n} 個錯誤類別，</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{n} confusions over {total} sentences; click one to see them</source>
        <translation>{n} 種混淆，共 {total} 句；點選一項檢視相應句子</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>query {query}</source>
        <translation>查詢 {query}</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>error class {name}</source>
        <translation>錯誤類別 {name}</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>gold {gold} as system {system}</source>
        <translation>標準答案 {gold} 被分析為 {system}</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>the sentences that lower {figure}</source>
        <translation>拉低 {figure} 的句子</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{n} sentence(s): {what} (F8 walks them; Clear shows all again)</source>
        <translation>{n} 句：{what}（按 F8 逐句檢視；“清除”恢復顯示全部）</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>0. the parse ({n} bracket errors)</source>
        <translation>0. 原始分析結果（{n} 處括號錯誤）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>fixes {n}</source>
        <translation>修正 {n} 處</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no repair: {why}</source>
        <translation>無法修復：{why}</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>step {k} of {n}: {category} ({kind}); the system tree after it, scored again: {figures}</source>
        <translation>第 {k}/{n} 步：{category}（{kind}）；修復後的系統剖析樹重新評分：{figures}</translation>
    </message>
</context>
<context>
    <name>annotation_menu</name>
    <message>
        <location filename="../annotation/menu.py" line="+40"/>
        <location line="+179"/>
        <source>Open annotators&apos; files</source>
        <translation>開啟標註者的檔案</translation>
    </message>
    <message>
        <location line="-177"/>
        <source>Add files…</source>
        <translation>新增檔案…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>optional: a parser&apos;s output of the same sentences</source>
        <translation>可選：同一批句子的句法分析器輸出</translation>
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
        <translation>定稿檔案：</translation>
    </message>
    <message>
        <location line="-2"/>
        <location line="+28"/>
        <location line="+110"/>
        <location line="+47"/>
        <location line="+19"/>
        <source>Annotators&apos; files</source>
        <translation>標註者的檔案</translation>
    </message>
    <message>
        <location line="-194"/>
        <source>Choose…</source>
        <translation>選擇…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Where the curated file goes</source>
        <translation>定稿檔案的儲存位置</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A parser&apos;s output</source>
        <translation>句法分析器的輸出</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The curated file</source>
        <translation>定稿檔案</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Open &amp;annotators&apos; files…</source>
        <translation>開啟標註者的檔案(&amp;A)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Several annotators&apos; files of the same sentences: their disagreements, and adjudication into a curated file</source>
        <translation>多位標註者對同一批句子的檔案：檢視分歧，並裁定為一個定稿檔案</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Compare &amp;releases…</source>
        <translation>比較釋出版本(&amp;R)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Two releases of a treebank: what changed, each changed sentence drawn old against new</source>
        <translation>樹庫的兩個釋出版本：有哪些變化，每個改動的句子新舊對照繪製</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>S&amp;uspicious gold…</source>
        <translation>可疑的金標準(&amp;U)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Gold sentences most likely to hold an annotation error (systems agreeing against it, variation nuclei, duplicates)</source>
        <translation>最可能含有標註錯誤的金標準句子（多個系統一致反對、變異核、重複句）</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>The old release</source>
        <translation>舊版本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The new release</source>
        <translation>新版本</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Compare releases</source>
        <translation>比較釋出版本</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The gold file</source>
        <translation>金標準檔案</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Systems&apos; files (optional: cancel for none)</source>
        <translation>系統輸出檔案（可選：取消表示不用）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Suspicious gold</source>
        <translation>可疑的金標準</translation>
    </message>
    <message>
        <location line="-81"/>
        <source>Reading the files: {done} of {total} sentences</source>
        <translation>正在讀取檔案：第 {done} 句，共 {total} 句</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pairing the sentences: file {done} of {total}</source>
        <translation>正在配對句子：第 {done} 個檔案，共 {total} 個</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Finding the disagreements: {done} of {total} sentences</source>
        <translation>正在查找分歧：第 {done} 句，共 {total} 句</translation>
    </message>
    <message>
        <location line="+96"/>
        <source>annotators&apos; files are being read: wait or cancel</source>
        <translation>正在讀取標注者檔案：請等待或取消</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Reading the annotators&apos; files…</source>
        <translation>正在讀取標注者檔案…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>cancelled: no file was opened</source>
        <translation>已取消：未開啟任何檔案</translation>
    </message>
</context>
<context>
    <name>annotators</name>
    <message>
        <location filename="../annotation/annotators_window.py" line="+42"/>
        <source>All fields</source>
        <translation>全部欄位</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attachment</source>
        <translation>依附</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Label</source>
        <translation>標籤</translation>
    </message>
    <message>
        <location filename="../annotation/annotators_tabs.py" line="+23"/>
        <location filename="../annotation/annotators_window.py" line="+1"/>
        <source>POS</source>
        <translation>詞性</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../annotation/annotators_window.py" line="+1"/>
        <source>FEATS</source>
        <translation>形態特徵</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>attachment</source>
        <translation>依附</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>label</source>
        <translation>標籤</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>words</source>
        <translation>分詞</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>F8 next disagreement · 1–9 take that annotator&apos;s item · Ctrl+1–9 their sentence · P / Ctrl+P the parser&apos;s · E edit · Ctrl+Z undo · Ctrl+S save</source>
        <translation>F8 下一個分歧 · 1–9 採用該標註者的這一項 · Ctrl+1–9 採用其整句 · P / Ctrl+P 採用句法分析器的 · E 編輯 · Ctrl+Z 撤銷 · Ctrl+S 儲存</translation>
    </message>
    <message>
        <location filename="../annotation/annotators_window.py" line="+17"/>
        <source>Annotators — {files}</source>
        <translation>標註者 — {files}</translation>
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
        <translation>只顯示並逐個瀏覽某一欄位的分歧（Ctrl+Shift+0 / A / L / P / F）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>◀ Previous (Shift+F8)</source>
        <translation>◀ 上一個（Shift+F8）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Next disagreement (F8) ▶</source>
        <translation>下一個分歧（F8）▶</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Field:</source>
        <translation>欄位：</translation>
    </message>
    <message>
        <location filename="../annotation/annotators_tabs.py" line="+23"/>
        <source>Key</source>
        <translation>按鍵</translation>
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
        <translation>標註者</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Changed by the curator</source>
        <translation>被裁定者修改</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>By field</source>
        <translation>按欄位</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Score against the curated file</source>
        <translation>相對定稿檔案的得分</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Item</source>
        <translation>當前項</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../annotation/annotators_window.py" line="+97"/>
        <source>Changes by annotator</source>
        <translation>按標註者的修改</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Agreement</source>
        <translation>一致性</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unpaired ({n})</source>
        <translation>未配對（{n}）</translation>
    </message>
    <message>
        <location filename="../annotation/annotators_window.py" line="-48"/>
        <source>&amp;Adjudicate</source>
        <translation>裁定(&amp;A)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Next disagreement</source>
        <translation>下一個分歧</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Previous disagreement</source>
        <translation>上一個分歧</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next item in the sentence</source>
        <translation>本句下一項</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Previous item in the sentence</source>
        <translation>本句上一項</translation>
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
        <translation>採用 {name} 的這一項</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Take {name}&apos;s sentence</source>
        <translation>採用 {name} 的整句</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Take the parser&apos;s item</source>
        <translation>採用句法分析器的這一項</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Take the parser&apos;s sentence</source>
        <translation>採用句法分析器的整句</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Edit the curated sentence…</source>
        <translation>編輯定稿句子…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Undo the last decision</source>
        <translation>撤銷上一次裁定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the curated file</source>
        <translation>儲存定稿檔案</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the changes by annotator as CSV…</source>
        <translation>將按標註者的修改儲存為 CSV…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Filter: {field}</source>
        <translation>篩選：{field}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Zoom in</source>
        <translation>放大</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom out</source>
        <translation>縮小</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fit the sentence</source>
        <translation>整句適配視窗</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close</source>
        <translation>關閉</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sentences</source>
        <translation>句子列表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The versions on one word axis</source>
        <translation>同一詞軸上的各個版本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The current item in each version</source>
        <translation>各版本中的當前項</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The changes, one per line</source>
        <translation>修改列表，每行一條</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sentences left unpaired</source>
        <translation>未配對的句子</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Agreement per field</source>
        <translation>按欄位的一致性</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Agreement per pair</source>
        <translation>按標註者對的一致性</translation>
    </message>
    <message>
        <location filename="../annotation/curated_file.py" line="+80"/>
        <location line="+13"/>
        <source>nothing decided yet: nothing to save</source>
        <translation>尚未裁定任何內容：無需儲存</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>saved {path} and its provenance</source>
        <translation>已儲存 {path} 及其來源記錄</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The changes by annotator</source>
        <translation>按標註者的修改</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>saved {path}</source>
        <translation>已儲存 {path}</translation>
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
        <translation>詞語不同的版本</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>sentence {row} of {rows} · item {k} of {n}</source>
        <translation>第 {row} / {rows} 句 · 第 {k} / {n} 項</translation>
    </message>
    <message>
        <location filename="../annotation/annotators_tabs.py" line="-17"/>
        <source>The annotators agree on this sentence</source>
        <translation>標註者在本句上完全一致</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No disagreement of this field in this sentence</source>
        <translation>本句在該欄位上沒有分歧</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Word {first} “{words}”: {fields}</source>
        <translation>第 {first} 詞“{words}”：{fields}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Words {first}–{last} “{words}”: {fields}</source>
        <translation>第 {first}–{last} 詞“{words}”：{fields}</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Nothing decided yet.</source>
        <translation>尚未裁定任何內容。</translation>
    </message>
    <message>
        <location filename="../annotation/annotators_window.py" line="+16"/>
        <source>these two annotators agree everywhere</source>
        <translation>這兩位標註者處處一致</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>no disagreement of this field</source>
        <translation>該欄位沒有分歧</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>no item here: Ctrl+number takes a whole sentence</source>
        <translation>此處沒有分歧項：Ctrl+數字 採用整句</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>sentence {row}: took {name}&apos;s {what}</source>
        <translation>第 {row} 句：採用了 {name} 的{what}</translation>
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
        <translation>編輯定稿的第 {row} 句</translation>
    </message>
    <message>
        <location filename="../annotation/annotators_window.py" line="+25"/>
        <source>nothing to undo</source>
        <translation>沒有可撤銷的裁定</translation>
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
        <translation>關閉前儲存定稿檔案嗎？（未儲存的裁定保留在日誌中，下次開啟時可恢復。）</translation>
    </message>
    <message>
        <location filename="../annotation/curated_file.py" line="-17"/>
        <source>{curated}: its lock {lock} cannot be read ({why}). If no one is adjudicating into it, delete the lock.</source>
        <translation>{curated}：其鎖定檔 {lock} 無法讀取（{why}）。如果沒有人正在對它進行裁定，請刪除該鎖定檔。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{curated} is being adjudicated by {user} on {host} (process {pid}, since {since}). You can browse the disagreements here; to decide, wait until that session ends or choose another curated file. If that session is gone, delete {lock}.</source>
        <translation>{curated} 正由 {user} 在 {host} 上裁定（行程 {pid}，自 {since} 起）。您可以在此瀏覽分歧；若要裁定，請等待該工作階段結束，或選擇另一個裁定檔案。如果該工作階段已不存在，請刪除 {lock}。</translation>
    </message>
</context>
<context>
    <name>breakdown_panel</name>
    <message>
        <location filename="../analysis/breakdown_panel.py" line="+46"/>
        <source>Label</source>
        <translation>標籤</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Gold</source>
        <translation>標準答案</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>System</source>
        <translation>系統輸出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Matched</source>
        <translation>匹配</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Errors</source>
        <translation>錯誤</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>item label</source>
        <translation>成分標籤</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>gold items</source>
        <translation>標準答案成分數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>system items</source>
        <translation>系統輸出成分數</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>gold items the scorer matched</source>
        <translation>評分器判為匹配的標準答案成分數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>precision %</source>
        <translation>精確率 %</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>recall %</source>
        <translation>召回率 %</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sentences with an error on this label</source>
        <translation>該標籤有錯誤的句子數</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>Breakdown by label</source>
        <translation>按標籤細分</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Items:</source>
        <translation>項目：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Which items to break down (brackets, POS tags, dependency arcs)</source>
        <translation>細分哪類項目（括號、詞性標記、依存弧）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show all sentences again</source>
        <translation>重新顯示全部句子</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Double-click a label to list the sentences where it has errors</source>
        <translation>雙擊標籤，列出該標籤出錯的句子</translation>
    </message>
    <message>
        <location line="+16"/>
        <location line="+35"/>
        <source>Open a gold and a system file.</source>
        <translation>請開啟一個標準答案檔案和一個系統輸出檔案。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Waiting for scoring to finish…</source>
        <translation>正在等待評分完成…</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Computing… {done} / {total} sentences</source>
        <translation>正在計算… {done} / {total} 句</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Filtered: {n} sentence(s) with {label} errors</source>
        <translation>已篩選：{n} 句含 {label} 錯誤</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{n} labels</source>
        <translation>{n} 個標籤</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>&amp;Breakdown by label</source>
        <translation>按標籤細分(&amp;B)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Per-label precision, recall and F1; double-click a label to list its sentences</source>
        <translation>各標籤的精確率、召回率和 F1；雙擊標籤列出相應句子</translation>
    </message>
</context>
<context>
    <name>charts_panel</name>
    <message>
        <location filename="../analysis/charts_dock.py" line="+64"/>
        <source>Charts</source>
        <translation>圖表</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Plot</source>
        <translation>繪製</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>minus</source>
        <translation>減去</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Difference by sentence</source>
        <translation>逐句差值</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>F1 by length</source>
        <translation>依句長的 F1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Per label</source>
        <translation>依標籤</translation>
    </message>
    <message>
        <location line="+70"/>
        <source>Open two or more systems to compare them sentence by sentence.</source>
        <translation>請開啟兩個或更多系統輸出，以逐句比較。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>sentence {n}</source>
        <translation>第 {n} 句</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>no sentence has both figures</source>
        <translation>沒有句子同時具有兩個系統的分數</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{a} better on {better}, {b} better on {worse}, equal on {equal}</source>
        <translation>{a} 較佳 {better} 句，{b} 較佳 {worse} 句，持平 {equal} 句</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{key} by sentence length · system {letter}</source>
        <translation>依句長的 {key} · 系統 {letter}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (lengths of {n} sentences still to come)</source>
        <translation>（尚有 {n} 句的長度待讀入）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{band} words: {n} sentences, {key} {value}</source>
        <translation>{band} 詞：{n} 句，{key} {value}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>nothing scored yet</source>
        <translation>尚未評分</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>counting labels…</source>
        <translation>正在統計標籤…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> (counting: {n} sentences so far)</source>
        <translation>（統計中：已完成 {n} 句）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>F1 per {kind} label · system {letter}</source>
        <translation>各{kind}標籤的 F1 · 系統 {letter}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>gold {gold}, system {system}, matched {matched}, F1 {f1}</source>
        <translation>標準答案 {gold}，系統輸出 {system}，相符 {matched}，F1 {f1}</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>&amp;Charts</source>
        <translation>圖表(&amp;C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A − B F1 by sentence (click a bar: that sentence), F1 by sentence length, F1 per label</source>
        <translation>逐句 A − B 的 F1（點選長條：跳到該句）、依句長的 F1、各標籤的 F1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>sentence (click a bar: draw that sentence)</source>
        <translation>句子（點選長條：顯示該句）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sentence length (words); click: its first sentence</source>
        <translation>句長（詞數）；點選：該組第一句</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gold label (most frequent first)</source>
        <translation>標準答案標籤（依頻次由高到低）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no figures yet</source>
        <translation>尚無資料</translation>
    </message>
</context>
<context>
    <name>dep_view</name>
    <message>
        <location filename="../drawing/dep_view.py" line="+78"/>
        <source>correct</source>
        <translation>正確</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>wrong head</source>
        <translation>中心詞錯誤</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>wrong label</source>
        <translation>關係標籤錯誤</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>wrong head + label</source>
        <translation>中心詞和標籤均錯</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>not scored</source>
        <translation>不計分</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>missing (gold only)</source>
        <translation>缺失（僅金標準有）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>extra (system only)</source>
        <translation>多餘（僅系統輸出有）</translation>
    </message>
    <message>
        <location line="+85"/>
        <source>Dependency comparison</source>
        <translation>依存比較</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>Mirrored</source>
        <translation>鏡像對照</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Stacked</source>
        <translation>上下排列</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Tree</source>
        <translation>樹形</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>gold arcs above the words, system arcs below</source>
        <translation>標準答案依存弧畫在詞上方，系統輸出依存弧畫在下方</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gold diagram above the system diagram</source>
        <translation>標準答案依存圖在上，系統輸出依存圖在下</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>hierarchical trees, words keep their columns</source>
        <translation>層級樹形，詞語位置保持不變</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>zoom out</source>
        <translation>縮小</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>zoom in</source>
        <translation>放大</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fit</source>
        <translation>符合視窗</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>fit the sentence (long ones scroll)</source>
        <translation>使整句符合視窗大小（長句可滾動）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Errors only</source>
        <translation>僅顯示錯誤</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>hide the arcs the scorer counts correct (and unscored ones)</source>
        <translation>隱藏評分器判為正確（以及不計分）的依存弧</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>{side} is a {kind}, not a dependency sentence: not drawn</source>
        <translation>{side}是 {kind}，不是依存句子：未繪製</translation>
    </message>
    <message>
        <location line="+216"/>
        <location line="+40"/>
        <source>enhanced (DEPS)</source>
        <translation>增強依存（DEPS）</translation>
    </message>
    <message>
        <location line="+72"/>
        <source>multiword token {id}: {text}</source>
        <translation>多詞詞元 {id}：{text}</translation>
    </message>
    <message>
        <location line="+121"/>
        <source>head {head} {form}</source>
        <translation>中心詞 {head} {form}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>head {head} (not a word)</source>
        <translation>中心詞 {head}（不是詞）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>dependents: {words}</source>
        <translation>從屬詞：{words}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>word {n} {form}</source>
        <translation>第 {n} 個詞 {form}</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>enhanced arcs are drawn in the mirrored and stacked layouts</source>
        <translation>增強依存弧只在鏡像對照和上下排列佈局中顯示</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>root marker: arcs from here have HEAD 0</source>
        <translation>根節點標記：從這裡出發的弧 HEAD 為 0</translation>
    </message>
    <message>
        <location line="-273"/>
        <location line="+275"/>
        <source>empty node {node} (enhanced graph only; not scored)</source>
        <translation>空節點 {node}（僅見於增強依存圖；不計分）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>head {head}</source>
        <translation>中心詞 {head}</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>not scored by the profile</source>
        <translation>評測方案不計分</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No dependency sentence</source>
        <translation>沒有依存句子</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>sentence {n}</source>
        <translation>第 {n} 句</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>italic label: enhanced arc</source>
        <translation>斜體標籤：增強依存弧</translation>
    </message>
</context>
<context>
    <name>edit_actions</name>
    <message>
        <location filename="../editor/actions.py" line="+10"/>
        <location filename="../editor/gold_editor.py" line="+253"/>
        <source>&amp;Undo</source>
        <translation>復原(&amp;U)</translation>
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
        <translation>編輯</translation>
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
        <translation>編輯歷史(&amp;H)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Re&amp;label (node label / word POS / relation)…</source>
        <translation>修改標籤（節點標籤 / 詞性 / 依存關係）(&amp;L)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change &amp;POS of the word…</source>
        <translation>修改詞的詞性(&amp;P)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Insert bracket over the selection…</source>
        <translation>在所選範圍上插入括號(&amp;I)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Delete bracket (children move up)</source>
        <translation>刪除括號（子節點上移）(&amp;D)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Extend bracket by one word to the right</source>
        <translation>括號向右延伸一個詞</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Extend bracket by one word to the left</source>
        <translation>括號向左延伸一個詞</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shrink bracket by one word on the right</source>
        <translation>括號右端收縮一個詞</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shrink bracket by one word on the left</source>
        <translation>括號左端收縮一個詞</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Move the phrase into the phrase on its left</source>
        <translation>將詞組移入左側詞組(&amp;M)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move the phrase into the phrase on its right</source>
        <translation>將詞組移入右側詞組</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move the phrase &amp;up, out of its parent</source>
        <translation>將詞組上移，移出父節點(&amp;U)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Make the selection the &amp;head child</source>
        <translation>設為中心子節點(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Take the system&apos;s bracket / tag / arc</source>
        <translation>採用系統輸出的括號 / 標記 / 依存弧(&amp;T)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Re-&amp;attach the word to a head…</source>
        <translation>將詞重新依附到中心詞(&amp;A)…</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Select parent (head word)</source>
        <translation>選擇父節點（中心詞）</translation>
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
        <translation>選擇</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>Select first child (first dependent)</source>
        <translation>選擇第一個子節點（第一個從屬詞）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select previous sister / word</source>
        <translation>選擇前一個姊妹節點 / 詞</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select next sister / word</source>
        <translation>選擇後一個姊妹節點 / 詞</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Take the next sister into the selection</source>
        <translation>將下一個姊妹節點併入所選範圍</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Leave the last sister out of the selection</source>
        <translation>將最後一個姊妹節點移出所選範圍</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select on the other side (gold / system)</source>
        <translation>切換到另一側選擇（標準答案 / 系統輸出）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Flag sentence for later</source>
        <translation>標記句子待查(&amp;F)</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+1"/>
        <source>Review</source>
        <translation>審閱</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Mark sentence &amp;reviewed</source>
        <translation>標記句子為已審閱(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sentence &amp;note…</source>
        <translation>句子備註(&amp;N)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next flagged sentence</source>
        <translation>下一個待查句子</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Save gold</source>
        <translation>儲存標準答案(&amp;S)</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+1"/>
        <source>File</source>
        <translation>檔案</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Save gold &amp;as… (copy, other notation)</source>
        <translation>標準答案另存為…（副本，可換格式）(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Keyboard…</source>
        <translation>鍵盤快速鍵(&amp;K)…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Help</source>
        <translation>說明</translation>
    </message>
    <message>
        <location line="-26"/>
        <source>Change &amp;XPOS of the word…</source>
        <translation>修改詞的 XPOS(&amp;X)…</translation>
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
        <translation>詞與句</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>Change &amp;features of the word…</source>
        <translation>修改詞的特徵(&amp;F)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change &amp;lemma of the word…</source>
        <translation>修改詞的詞元(&amp;L)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change &amp;MISC of the word…</source>
        <translation>修改詞的 MISC(&amp;M)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change enhanced &amp;dependencies (DEPS) of the word…</source>
        <translation>修改詞的增強依存(DEPS)(&amp;D)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Split the word in two…</source>
        <translation>把詞拆成兩個(&amp;S)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Join the word with the next</source>
        <translation>與下一個詞合併(&amp;J)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Make a multiword &amp;token of the words…</source>
        <translation>把這些詞組成多詞形符(&amp;T)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dissolve the multiword t&amp;oken</source>
        <translation>拆散多詞形符(&amp;O)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Insert an &amp;empty node after the word…</source>
        <translation>在此詞後插入空節點(&amp;E)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete an empty node…</source>
        <translation>刪除空節點…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Split the sente&amp;nce before the word</source>
        <translation>在此詞前把句子拆開(&amp;N)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Join the sentence with the ne&amp;xt</source>
        <translation>與下一句合併(&amp;X)</translation>
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
        <translation>句子備註</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Note:</source>
        <translation>備註：</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Unsaved edits</source>
        <translation>未儲存的修改</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{n} edit(s) to the gold file are not saved.</source>
        <translation>標準答案檔案有 {n} 處修改尚未儲存。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Save gold as</source>
        <translation>標準答案另存為</translation>
    </message>
</context>
<context>
    <name>edit_files</name>
    <message>
        <location filename="../editor/files.py" line="+91"/>
        <source>{n} unsaved sentences</source>
        <translation>{n} 句未儲存</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{n} unsaved sentence</source>
        <translation>{n} 句未儲存</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>⚑ flagged</source>
        <translation>⚑ 待查</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>✓ reviewed</source>
        <translation>✓ 已審閱</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>note: {note}</source>
        <translation>備註：{note}</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>File changed on disk</source>
        <translation>磁碟上的檔案已更改</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path} was changed by another program since it was opened. Overwrite it with the version shown here?</source>
        <translation>{path} 在開啟後被其他程式修改過。要用這裡顯示的版本覆蓋它嗎？</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not saved: the file on disk was left as the other program wrote it</source>
        <translation>未儲存：磁碟上的檔案保留其他程式寫入的內容</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Read-only file</source>
        <translation>唯讀檔案</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>{path} is marked read-only. Save over it anyway?</source>
        <translation>{path} 是唯讀檔案。仍要覆蓋儲存嗎？</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not saved: the file is read-only</source>
        <translation>未儲存：檔案是唯讀的</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+5"/>
        <source>Cannot save</source>
        <translation>無法儲存</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>{error}. Your edits are still open: free some space or use Save As to write elsewhere.</source>
        <translation>{error}。您的修改仍然保留：請釋放磁碟空間，或用“另存為”儲存到別處。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{path} was not saved: {error}; the file is unchanged.</source>
        <translation>{path} 未儲存：{error}；檔案未被改動。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>saved {path}</source>
        <translation>已儲存 {path}</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Cannot save as</source>
        <translation>無法另存為</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path} was not written: {error}</source>
        <translation>{path} 未寫入：{error}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Saved with problems</source>
        <translation>已儲存，但有問題</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path} written as {target}; {n} sentence(s) could not be converted:</source>
        <translation>{path} 已按 {target} 格式寫入；{n} 句無法轉換：</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>saved a copy as {path} ({target})</source>
        <translation>已另存副本為 {path}（{target}）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Autosave failed</source>
        <translation>自動儲存失敗</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>{error}. Unsaved edits are not journaled: save soon.</source>
        <translation>{error}。未儲存的修改沒有記錄：請盡快儲存。</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+62"/>
        <source>autosave failed: {error}</source>
        <translation>自動儲存失敗：{error}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>restored sentence(s) {numbers} from the autosave; save to keep them</source>
        <translation>已從自動儲存恢復第 {numbers} 句；儲存後才會寫入檔案</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>kept the file&apos;s version of every autosaved sentence</source>
        <translation>所有自動儲存的句子都保留了檔案中的版本</translation>
    </message>
    <message>
        <location filename="../editor/dialogs.py" line="+19"/>
        <source>Recover unsaved edits</source>
        <translation>恢復未儲存的修改</translation>
    </message>
    <message>
        <location filename="../editor/files.py" line="+13"/>
        <source>Autosave moved</source>
        <translation>自動儲存位置已變更</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Unsaved edits cannot be journaled beside the gold file ({why}). They are journaled in {folder} instead, and offered from there after a crash.</source>
        <translation>未儲存的修改無法記錄在標準答案檔案旁（{why}）。它們改為記錄在 {folder} 中，程式意外結束後將從那裡提供恢復。</translation>
    </message>
    <message>
        <location line="-39"/>
        <source>Restore autosaved edits</source>
        <translation>恢復自動儲存的修改</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+5"/>
        <source>Restore</source>
        <translation>恢復</translation>
    </message>
    <message>
        <location line="-27"/>
        <location line="+36"/>
        <source>Recovery</source>
        <translation>恢復</translation>
    </message>
    <message>
        <location line="-36"/>
        <location line="+36"/>
        <source>Some edits could not be restored:</source>
        <translation>部分修改無法恢復：</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Review marks not saved</source>
        <translation>審閱標記未儲存</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>no sentence is flagged</source>
        <translation>沒有待查的句子</translation>
    </message>
    <message>
        <location line="-199"/>
        <source>not saved</source>
        <translation>未儲存</translation>
    </message>
</context>
<context>
    <name>edit_operations</name>
    <message>
        <location filename="../editor/operations.py" line="+126"/>
        <source>select a node or word first</source>
        <translation>請先選擇一個節點或詞</translation>
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
        <translation>無法編輯：{why}</translation>
    </message>
    <message>
        <location line="-223"/>
        <source>select a node first</source>
        <translation>請先選擇一個節點</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+5"/>
        <source>Relabel</source>
        <translation>修改標籤</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>New label:</source>
        <translation>新標籤：</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>F2 changes the relation of a dependency word</source>
        <translation>F2 用於修改依存詞的關係</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>select a word to change its POS (Ctrl+Down goes down to it)</source>
        <translation>請選擇一個詞來修改詞性（Ctrl+Down 可下移到詞）</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+5"/>
        <source>Change POS</source>
        <translation>修改詞性</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>POS of “{word}”:</source>
        <translation>“{word}”的詞性：</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>brackets are for constituency trees</source>
        <translation>括號只用於詞組結構樹</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+16"/>
        <source>Insert bracket</source>
        <translation>插入括號</translation>
    </message>
    <message>
        <location line="-16"/>
        <source>Label of the new bracket:</source>
        <translation>新括號的標籤：</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>a label cannot be empty or contain spaces</source>
        <translation>標籤不能為空，也不能包含空格</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>select the sisters the new bracket covers, not the root</source>
        <translation>請選擇新括號覆蓋的姊妹節點，而不是根節點</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>a word cannot be deleted; select a bracket</source>
        <translation>不能刪除詞；請選擇一個括號</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Delete bracket</source>
        <translation>刪除括號</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>select a bracket, not a word</source>
        <translation>請選擇括號，而不是詞</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Extend left</source>
        <translation>向左延伸</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Extend right</source>
        <translation>向右延伸</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Shrink left</source>
        <translation>左端收縮</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Shrink right</source>
        <translation>右端收縮</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>select a phrase, not a word (E / R move one word)</source>
        <translation>請選擇詞組，而不是詞（E / R 每次移動一個詞）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Move into the phrase on the left</source>
        <translation>移入左側詞組</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move into the phrase on the right</source>
        <translation>移入右側詞組</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move up</source>
        <translation>上移</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>the root has no parent to be the head of</source>
        <translation>根節點沒有父節點，無法設為中心</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Set head</source>
        <translation>設為中心</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>there is no system tree for this sentence</source>
        <translation>這個句子沒有系統輸出剖析樹</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>gold and system have different words</source>
        <translation>標準答案與系統輸出的詞語不同</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the gold word already has the system&apos;s tag</source>
        <translation>標準答案中的詞已經是系統輸出的標記</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>this gold bracket agrees with the system (or is not scored); select a system bracket to take it</source>
        <translation>這個標準答案括號與系統輸出一致（或不計分）；請選擇要採用的系統輸出括號</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Take system</source>
        <translation>採用系統輸出</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>re-attaching is for dependency sentences</source>
        <translation>重新依附只用於依存句子</translation>
    </message>
    <message>
        <location line="+15"/>
        <location line="+43"/>
        <location filename="../editor/word_operations.py" line="+13"/>
        <source>select a word first</source>
        <translation>請先選擇一個詞</translation>
    </message>
    <message>
        <location line="-40"/>
        <location line="+6"/>
        <source>Re-attach</source>
        <translation>重新依附</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>New head of “{word}” (word number, 0 = root):</source>
        <translation>“{word}”的新中心詞（詞序號，0 = 根）：</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Relation</source>
        <translation>依存關係</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Relation of “{word}”:</source>
        <translation>“{word}”的依存關係：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Change relation</source>
        <translation>修改依存關係</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>refused: the system sentence has other words</source>
        <translation>已拒絕：系統輸出句子的詞語不同</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>the gold arc already equals the system&apos;s</source>
        <translation>標準答案依存弧已與系統輸出相同</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Take system arc</source>
        <translation>採用系統輸出依存弧</translation>
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
        <translation>修改詞元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change MISC</source>
        <translation>修改 MISC</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change enhanced dependencies (DEPS)</source>
        <translation>修改增強依存(DEPS)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change features</source>
        <translation>修改特徵</translation>
    </message>
    <message>
        <location line="+161"/>
        <source>Split word</source>
        <translation>拆分詞</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Merge with the next word</source>
        <translation>與下一個詞合併</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Make multiword token</source>
        <translation>組成多詞形符</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Dissolve multiword token</source>
        <translation>拆散多詞形符</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Insert empty node</source>
        <translation>插入空節點</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Delete empty node</source>
        <translation>刪除空節點</translation>
    </message>
</context>
<context>
    <name>edit_selection</name>
    <message>
        <location filename="../editor/selection.py" line="+66"/>
        <source>dependency edits work on the gold arcs; the selection is a word</source>
        <translation>依存編輯作用於標準答案依存弧；所選物件是詞</translation>
    </message>
</context>
<context>
    <name>editor</name>
    <message>
        <location filename="../editor/gold_editor.py" line="-2"/>
        <source>&amp;Undo {command}</source>
        <translation>復原(&amp;U) {command}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Redo {command}</source>
        <translation>重做(&amp;R) {command}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Edit</source>
        <translation>編輯(&amp;E)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&amp;Selection</source>
        <translation>選擇(&amp;S)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Re&amp;view</source>
        <translation>審閱(&amp;V)</translation>
    </message>
    <message>
        <location filename="../editor/operations.py" line="-309"/>
        <location line="+25"/>
        <source>the system side is read-only: select a gold node (S switches side)</source>
        <translation>系統輸出一側是唯讀的：請選擇標準答案節點（按 S 切換）</translation>
    </message>
    <message>
        <location line="-23"/>
        <source>open a gold file first</source>
        <translation>請先開啟標準答案檔案</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>wait until scoring has finished, then edit</source>
        <translation>請等評分完成後再編輯</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>this row has no gold sentence to edit</source>
        <translation>這一行沒有可編輯的標準答案句子</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the gold sentence could not be read ({error}); fix it in a text editor</source>
        <translation>無法讀取標準答案句子（{error}）；請在文字編輯器中修正</translation>
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
        <translation>已拒絕：{why}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{edit}: sentence {n} rescored</source>
        <translation>{edit}：第 {n} 句已重新評分</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{edit} is for constituency trees</source>
        <translation>“{edit}”只用於詞組結構樹</translation>
    </message>
    <message>
        <location filename="../editor/gold_editor.py" line="+86"/>
        <location line="+6"/>
        <source>wait until scoring has finished</source>
        <translation>請等評分完成</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+3"/>
        <source>Edit history</source>
        <translation>編輯歷史</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>&lt;opened file&gt;</source>
        <translation>&lt;開啟時的檔案&gt;</translation>
    </message>
    <message>
        <location line="-107"/>
        <source>&amp;Words and sentences (CoNLL-U)</source>
        <translation>詞與句(CoNLL-U)(&amp;W)</translation>
    </message>
</context>
<context>
    <name>enhanced</name>
    <message>
        <location filename="../drawing/enhanced_choice.py" line="+21"/>
        <source>&amp;Off</source>
        <translation>不顯示(&amp;O)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Above the basic arcs</source>
        <translation>在基本依存弧上方(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Below the words</source>
        <translation>在詞行下方(&amp;B)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>not drawn</source>
        <translation>不顯示</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>above the basic arcs</source>
        <translation>在基本依存弧上方</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>below the words</source>
        <translation>在詞行下方</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>&amp;Enhanced arcs (DEPS)</source>
        <translation>增強依存弧（DEPS）(&amp;E)</translation>
    </message>
    <message>
        <location filename="../drawing/enhanced_view.py" line="+39"/>
        <source>counted by ELAS and EULAS</source>
        <translation>ELAS 與 EULAS 均計為正確</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>counted by EULAS only: the relations differ in their subtypes</source>
        <translation>僅 EULAS 計為正確：關係的子類型不同</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no arc of the other side agrees</source>
        <translation>另一方沒有與之相符的弧</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>its word is not aligned with the other side&apos;s words</source>
        <translation>其詞未與另一方的詞對齊</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not scored: eval.py skips empty nodes and the arcs that touch them (collapse them first)</source>
        <translation>不計分：eval.py 略過空節點及與之相連的弧（請先摺疊空節點）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not scored: the profile does not score enhanced arcs (choose ud-eval)</source>
        <translation>不計分：此評測設定不評增強依存弧（請選 ud-eval）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not scored: left out by the --enhancements switches</source>
        <translation>不計分：被 --enhancements 開關排除</translation>
    </message>
    <message>
        <location line="+97"/>
        <source>{side}, enhanced: {head} → {dependent} ({label})</source>
        <translation>{side}，增強依存：{head} → {dependent}（{label}）</translation>
    </message>
</context>
<context>
    <name>explain</name>
    <message>
        <location filename="../teaching/explain_text.py" line="+25"/>
        <source>Sentence {n}: how the {profile} figures are counted</source>
        <translation>第 {n} 句：{profile} 各項指標是如何計算的</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sentence {n}: how the score figures are counted</source>
        <translation>第 {n} 句：各項指標是如何計算的</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What is not scored</source>
        <translation>哪些內容不計分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Items the profile sets aside before counting (and why).</source>
        <translation>評測方案在計數前排除的項目（及原因）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Gold constituents in gold order (gold = {n})</source>
        <translation>標準答案成分（按標準答案順序，標準答案 = {n}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each gold item is paired with at most one system item with the same label and span (multiset matching: duplicates pair copy by copy).</source>
        <translation>每個標準答案成分最多與一個標籤和跨度都相同的系統輸出成分配對（多重集合匹配：重複成分逐一配對）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>System constituents left unpaired (system = {n})</source>
        <translation>未配對的系統輸出成分（系統輸出 = {n}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>System items no gold item took: label-only, crossing or extra.</source>
        <translation>沒有標準答案成分與之配對的系統輸出成分：僅標籤錯誤、交叉或多餘。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Words and tags</source>
        <translation>詞語與詞性標記</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each word&apos;s tag as gold and system have it.</source>
        <translation>每個詞在標準答案和系統輸出中的詞性標記。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Event constructions (Task 2-1)</source>
        <translation>事件結構（任務 2-1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Other items ({kinds})</source>
        <translation>其他項目（{kinds}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Items of other kinds, gold then system, with the scorer&apos;s verdicts.</source>
        <translation>其他類型的項目，先標準答案後系統輸出，附評分器的判定。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scored words</source>
        <translation>計分的詞</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each word&apos;s head and label, gold and system.</source>
        <translation>每個詞在標準答案和系統輸出中的中心詞和關係標籤。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Words the profile does not count (and why).</source>
        <translation>評測方案不計分的詞（及原因）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no system word at this position</source>
        <translation>系統輸出在此位置沒有詞</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no gold word with these characters</source>
        <translation>標準答案中沒有由這些字組成的詞</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>boundaries and tag match (counted for B+C), head positions differ</source>
        <translation>邊界和標記一致（計入 B+C），中心詞位置不同</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>same span, the labels differ: not counted</source>
        <translation>跨度相同，標籤不同：不計為正確</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the other side has a different label over the same span (#{n})</source>
        <translation>另一側在相同跨度上標籤不同（#{n}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>also crosses a bracket of the other side</source>
        <translation>同時與另一側的括號交叉</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>this sentence is {status}: it is left out of every figure ({why})</source>
        <translation>該句狀態為“{status}”：不計入任何指標（{why}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>this sentence is {status}: it is left out of every figure</source>
        <translation>該句狀態為“{status}”：不計入任何指標</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>flag: {figure} undefined</source>
        <translation>標記：{figure} 無定義</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>flag: {flag}</source>
        <translation>標記：{flag}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Micro figures: counts summed over the scored sentences</source>
        <translation>微觀平均指標：對計分句子的計數求和</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How the {profile} summary is counted</source>
        <translation>{profile} 彙總指標是如何計算的</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How the corpus summary is counted</source>
        <translation>語料彙總指標是如何計算的</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{n} sentence(s); {k} scored.</source>
        <translation>共 {n} 句；{k} 句計分。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{n} sentence(s); {k} scored, {b} left out (errors / skipped).</source>
        <translation>共 {n} 句；{k} 句計分，{b} 句未計入（錯誤 / 跳過）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Macro figures: means of the sentences&apos; own P and R (SIGHAN-2012 eq. 4-6)</source>
        <translation>巨觀平均指標：各句自身 P 與 R 的平均值（SIGHAN-2012 公式 4-6）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A sentence with no item on either side is left out; a 0/0 P or R counts 0.</source>
        <translation>兩側都沒有項目的句子不計入；0/0 的 P 或 R 記為 0。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sentence {n}: P = {p}, R = {r}</source>
        <translation>第 {n} 句：P = {p}，R = {r}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no gold word at this position</source>
        <translation>標準答案在此位置沒有詞</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gold DEPREL is DERIV</source>
        <translation>標準答案 DEPREL 為 DERIV</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>punctuation</source>
        <translation>標點</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not scored by this profile</source>
        <translation>此評測方案不計分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>word deleted: POS {pos} is a DELETE_LABEL</source>
        <translation>刪除的詞：詞性 {pos} 屬於 DELETE_LABEL</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>word deleted</source>
        <translation>刪除的詞</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>label {label} is a DELETE_LABEL (cut from {raw})</source>
        <translation>標籤 {label} 屬於 DELETE_LABEL（由 {raw} 擷取）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>label {label} is a DELETE_LABEL</source>
        <translation>標籤 {label} 屬於 DELETE_LABEL</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>covers no word once deleted words are gone</source>
        <translation>去掉刪除的詞後不覆蓋任何詞</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>deleted</source>
        <translation>已刪除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not a top-level constituent (only the root&apos;s children carry roles)</source>
        <translation>不是頂層成分（只有根節點的子節點帶語意角色）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>label {label} is not evaluated (only S, VP, NP, GP, PP, XP)</source>
        <translation>標籤 {label} 不參與評測（只評 S、VP、NP、GP、PP、XP）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>system brackets crossing a gold bracket</source>
        <translation>與標準答案括號交叉的系統輸出括號數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>2·precision·recall / (precision + recall)</source>
        <translation>2·精確率·召回率 / (精確率 + 召回率)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(C_S_F1 + S_S_F1) / 2, an undefined F1 counting 0</source>
        <translation>(C_S_F1 + S_S_F1) / 2，無定義的 F1 記為 0</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct (B+C+H) / system</source>
        <translation>正確數 (B+C+H) / 系統輸出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct (B+C+H) / gold</source>
        <translation>正確數 (B+C+H) / 標準答案</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct (B+C) / system</source>
        <translation>正確數 (B+C) / 系統輸出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct (B+C) / gold</source>
        <translation>正確數 (B+C) / 標準答案</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct content words / system content words</source>
        <translation>正確的實詞數 / 系統輸出實詞數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct content words / gold content words</source>
        <translation>正確的實詞數 / 標準答案實詞數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct C_S / system</source>
        <translation>正確 C_S 數 / 系統輸出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct C_S / gold</source>
        <translation>正確 C_S 數 / 標準答案</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>label right / scored words</source>
        <translation>關係標籤正確數 / 計分詞數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>head and label right / scored words</source>
        <translation>中心詞和關係標籤均正確數 / 計分詞數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>head right / scored words</source>
        <translation>中心詞正確數 / 計分詞數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct (label + boundaries) / system</source>
        <translation>正確數（標籤 + 邊界）/ 系統輸出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct (label + boundaries) / gold</source>
        <translation>正確數（標籤 + 邊界）/ 標準答案</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct (boundaries) / system</source>
        <translation>正確數（邊界）/ 系統輸出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct (boundaries) / gold</source>
        <translation>正確數（邊界）/ 標準答案</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct events / gold events</source>
        <translation>正確事件數 / 標準答案事件數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>system constituents crossing nothing / system</source>
        <translation>無交叉的系統輸出成分數 / 系統輸出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct / system</source>
        <translation>正確數 / 系統輸出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct / gold</source>
        <translation>正確數 / 標準答案</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct tags / gold words</source>
        <translation>正確標記數 / 標準答案詞數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct tags / words</source>
        <translation>正確標記數 / 詞數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct categories / system</source>
        <translation>正確範疇數 / 系統輸出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct categories / gold</source>
        <translation>正確範疇數 / 標準答案</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct S_S / system</source>
        <translation>正確 S_S 數 / 系統輸出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct S_S / gold</source>
        <translation>正確 S_S 數 / 標準答案</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>matched system items of classes 1-4 / system items of classes 1-4</source>
        <translation>第 1-4 類中匹配的系統輸出項目數 / 第 1-4 類系統輸出項目數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>matched gold items of classes 1-4 / gold items of classes 1-4</source>
        <translation>第 1-4 類中匹配的標準答案項目數 / 第 1-4 類標準答案項目數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>matched / phenomena recognised in the system</source>
        <translation>匹配數 / 系統輸出中識別出的現象數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>matched / system brackets</source>
        <translation>匹配數 / 系統輸出括號數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>matched / gold brackets</source>
        <translation>匹配數 / 標準答案括號數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>matched / gold phenomena</source>
        <translation>匹配數 / 標準答案現象數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>2·macro_P·macro_R / (macro_P + macro_R) (not the mean of F1)</source>
        <translation>2·macro_P·macro_R / (macro_P + macro_R)（不是各句 F1 的平均）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Σ sentence P / sentences</source>
        <translation>Σ 各句 P / 句數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Σ sentence R / sentences</source>
        <translation>Σ 各句 R / 句數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>crossing / valid sentences</source>
        <translation>交叉括號數 / 有效句數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sentences matched completely / valid</source>
        <translation>完全匹配的句數 / 有效句數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sentences with no crossing / valid</source>
        <translation>無交叉的句數 / 有效句數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sentences with ≤ 2 crossings / valid</source>
        <translation>交叉不超過 2 處的句數 / 有效句數</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Step {n}. </source>
        <translation>第 {n} 步．</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The figures</source>
        <translation>各項指標</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>note:</source>
        <translation>注：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(none)</source>
        <translation>（無）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>undefined</source>
        <translation>無定義</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gold</source>
        <translation>標準答案</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>system</source>
        <translation>系統輸出</translation>
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
        <translation>跨度正確，標籤錯誤</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>missing (gold only)</source>
        <translation>缺失（僅標準答案有）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>extra (system only)</source>
        <translation>多餘（僅系統輸出有）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>crossing a gold bracket</source>
        <translation>與標準答案括號交叉</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>wrong tag</source>
        <translation>標記錯誤</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>wrong head</source>
        <translation>中心詞錯誤</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>wrong label</source>
        <translation>關係標籤錯誤</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>wrong head and label</source>
        <translation>中心詞和關係標籤均錯</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>not scored</source>
        <translation>不計分</translation>
    </message>
</context>
<context>
    <name>explain_panel</name>
    <message>
        <location filename="../teaching/explain_panel.py" line="+61"/>
        <source>Explain score</source>
        <translation>評分說明</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Whole corpus</source>
        <translation>整個語料</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Explain the summary figures instead of the current sentence</source>
        <translation>說明彙總指標，而不是目前句子</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Step ▶</source>
        <translation>下一步 ▶</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Previous counting step (Alt+,)</source>
        <translation>上一個計數步驟（Alt+,）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Next counting step: the item and its partner framed on the trees (Alt+.)</source>
        <translation>下一個計數步驟：在剖析樹上框出該項及其對應項（Alt+.）</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Next counting step (Explain score)</source>
        <translation>下一個計數步驟（評分說明）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Previous counting step (Explain score)</source>
        <translation>上一個計數步驟（評分說明）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Open a gold and a system file to see how each score is counted.</source>
        <translation>開啟一個標準答案檔案和一個系統輸出檔案，即可檢視每項分數是如何計算的。</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>step {n} of {rows}</source>
        <translation>第 {n} / {rows} 步</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{rows} items to count</source>
        <translation>共 {rows} 項待計數</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>This sentence has no score (no profile, or no system sentence).</source>
        <translation>這個句子沒有分數（沒有評測方案，或沒有系統輸出句子）。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>No summary yet.</source>
        <translation>尚無彙總結果。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No sentence shown yet.</source>
        <translation>尚未顯示句子。</translation>
    </message>
</context>
<context>
    <name>export_dialog</name>
    <message>
        <location filename="../drawing/export_dialog.py" line="+31"/>
        <source>PNG image (*.png)</source>
        <translation>PNG 影像 (*.png)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>SVG drawing (*.svg)</source>
        <translation>SVG 向量圖 (*.svg)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PDF document (*.pdf)</source>
        <translation>PDF 檔案 (*.pdf)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>LaTeX document (*.tex)</source>
        <translation>LaTeX 檔案 (*.tex)</translation>
    </message>
    <message>
        <location filename="../drawing/render.py" line="+175"/>
        <source>cannot write {path}</source>
        <translation>無法寫入 {path}</translation>
    </message>
    <message>
        <location filename="../drawing/export_dialog.py" line="+33"/>
        <source>no sentence is shown</source>
        <translation>沒有顯示句子</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Sentence {n}</source>
        <translation>第 {n} 句</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>this view cannot be exported as a picture</source>
        <translation>此檢視無法匯出為圖片</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Export current sentence</source>
        <translation>匯出目前句子</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Browse…</source>
        <translation>瀏覽…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>File</source>
        <translation>檔案</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>PNG scale</source>
        <translation>PNG 縮放倍數</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The font xelatex sets Chinese text in (LaTeX only); the fonts installed here are listed first</source>
        <translation>xelatex 排版中文所用的字型（僅 LaTeX）；先列出本機已安裝的字型</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Chinese font</source>
        <translation>中文字型</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Export to</source>
        <translation>匯出到</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Export</source>
        <translation>匯出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not export: {error}</source>
        <translation>無法匯出：{error}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>could not export: {error}</source>
        <translation>無法匯出：{error}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>exported {path}</source>
        <translation>已匯出 {path}</translation>
    </message>
    <message>
        <location filename="../teaching/presentation.py" line="+57"/>
        <source>&amp;Explain score</source>
        <translation>評分說明(&amp;E)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show step by step how the current sentence&apos;s score is counted</source>
        <translation>逐步顯示目前句子的分數是如何計算的</translation>
    </message>
    <message>
        <location filename="../drawing/export_dialog.py" line="+9"/>
        <source>&amp;Export current sentence…</source>
        <translation>匯出目前句子(&amp;E)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PNG, SVG, PDF or LaTeX of the sentence shown</source>
        <translation>將目前句子匯出為 PNG、SVG、PDF 或 LaTeX</translation>
    </message>
    <message>
        <location filename="../teaching/presentation.py" line="+1"/>
        <source>&amp;Presentation mode</source>
        <translation>簡報模式(&amp;P)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Larger trees and explanation text for classroom demos</source>
        <translation>放大剖析樹和說明文字，用於課堂展示</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Next sentence (presentation)</source>
        <translation>下一句（簡報）</translation>
    </message>
    <message>
        <location filename="../drawing/export_dialog.py" line="+8"/>
        <source>open files and show a sentence first</source>
        <translation>請先開啟檔案並顯示一個句子</translation>
    </message>
</context>
<context>
    <name>feature_dialog</name>
    <message>
        <location filename="../editor/feature_dialog.py" line="+44"/>
        <source>Features of “{word}” ({upos})</source>
        <translation>「{word}」的特徵({upos})</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Features</source>
        <translation>特徵</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Feature</source>
        <translation>特徵</translation>
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
        <translation>其他特徵</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>other feature…</source>
        <translation>其他特徵…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Value of the other feature</source>
        <translation>其他特徵的值</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>The treebank&apos;s features for {upos}, most frequent first; type a value to use one it does not have.</source>
        <translation>樹庫中 {upos} 的特徵，最常用的在前；也可以直接輸入樹庫中沒有的值。</translation>
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
        <translation>成績：{gold}</translation>
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
        <translation>回饋</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>Gradebook</source>
        <translation>成績冊</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Most frequent mistakes</source>
        <translation>最常見的錯誤</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Student&apos;s feedback</source>
        <translation>學生的回饋</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>student</source>
        <translation>學生</translation>
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
        <translation>無法讀取</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>mismatched</source>
        <translation>不符</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>grade</source>
        <translation>成績</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Heat map: {figure} per sentence; outlined: exactly right; · missing, ✗ cannot be read, ≠ other words, – not scored. Click a cell to see that sentence.</source>
        <translation>熱圖：每句的 {figure}；加框：完全正確；· 缺失，✗ 無法讀取，≠ 詞語不同，– 不計分。點選儲存格檢視該句。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Sentences nobody got right: {list}</source>
        <translation>無人完全答對的句子：{list}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>words</source>
        <translation>詞數</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>brackets</source>
        <translation>括號數</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>mistake</source>
        <translation>錯誤</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>times</source>
        <translation>次數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>students</source>
        <translation>學生數</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+198"/>
        <source>Present the most common mistake</source>
        <translation>簡報最常見的錯誤</translation>
    </message>
    <message>
        <location line="-191"/>
        <source>Most frequent mistakes (double-click one to present it):</source>
        <translation>最常見的錯誤（按兩下即可簡報）：</translation>
    </message>
    <message>
        <location line="+6"/>
        <location filename="../teaching/grading_output.py" line="+41"/>
        <source>Save gradebook (CSV)…</source>
        <translation>儲存成績冊（CSV）…</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../teaching/grading_output.py" line="+16"/>
        <location line="+6"/>
        <source>Write feedback files…</source>
        <translation>產生回饋檔案…</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../teaching/grading_output.py" line="-16"/>
        <source>Save class summary…</source>
        <translation>儲存全班總結…</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>◀ Previous student</source>
        <translation>◀ 上一位學生</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Next student ▶</source>
        <translation>下一位學生 ▶</translation>
    </message>
    <message>
        <location line="-115"/>
        <location line="+119"/>
        <source>Student</source>
        <translation>學生</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>The class on this sentence</source>
        <translation>全班在這一句上的答案</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>GOLD</source>
        <translation>標準答案</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>Next student</source>
        <translation>下一位學生</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Previous student</source>
        <translation>上一位學生</translation>
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
        <translation>結束簡報</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The class&apos;s most common mistake: {mistake} — {n} times, {k} students. Here: {student}, sentence {s}.</source>
        <translation>全班最常見的錯誤：{mistake}——共 {n} 次，{k} 位學生。此處：{student}，第 {s} 句。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Mistake: {mistake} — {n} times, {k} students. Here: {student}, sentence {s}.</source>
        <translation>錯誤：{mistake}——共 {n} 次，{k} 位學生。此處：{student}，第 {s} 句。</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>wrong head: {relation}</source>
        <translation>中心詞錯誤：{relation}</translation>
    </message>
    <message>
        <location line="+15"/>
        <location filename="../teaching/grading_output.py" line="-14"/>
        <location filename="../teaching/grading_setup.py" line="-171"/>
        <location line="+157"/>
        <source>Grade a class</source>
        <translation>批改全班作業</translation>
    </message>
    <message>
        <location filename="../teaching/grading_heatmap.py" line="+0"/>
        <source>handed in</source>
        <translation>已繳交</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cannot be read</source>
        <translation>無法讀取</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>other words than the exercise</source>
        <translation>詞語與練習不同</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not scored</source>
        <translation>不計分</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Heat map of the class</source>
        <translation>全班熱圖</translation>
    </message>
    <message>
        <location line="+16"/>
        <location line="+56"/>
        <source>right</source>
        <translation>答對</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>{student}, sentence {n}: {state}</source>
        <translation>{student}，第 {n} 句：{state}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>, exactly right</source>
        <translation>，完全正確</translation>
    </message>
    <message>
        <location filename="../teaching/grading_setup.py" line="-149"/>
        <source>a folder, or files separated by ;</source>
        <translation>一個資料夾，或以 ; 分隔的檔案</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Threshold table (grade:lowest figure)</source>
        <translation>分數級距表（成績:最低分）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Straight line (figure:grade,figure:grade)</source>
        <translation>線性換算（分數:成績,分數:成績）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Browse…</source>
        <translation>瀏覽…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Folder…</source>
        <translation>資料夾…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Files…</source>
        <translation>檔案…</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+12"/>
        <source>Exercise (gold file)</source>
        <translation>練習（標準答案檔）</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>Students&apos; files</source>
        <translation>學生的檔案</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Profile</source>
        <translation>評測方案</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+9"/>
        <source>Grade rule</source>
        <translation>評分規則</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>The exercise&apos;s gold file</source>
        <translation>練習的標準答案檔</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The students&apos; folder</source>
        <translation>學生的資料夾</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The students&apos; files</source>
        <translation>學生的檔案</translation>
    </message>
    <message>
        <location filename="../teaching/grading_output.py" line="+22"/>
        <source>the score only</source>
        <translation>只有分數</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>the items wrong</source>
        <translation>答錯的項目</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the items wrong and the drawings</source>
        <translation>答錯的項目及樹狀圖</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>What each student sees:</source>
        <translation>每位學生看到的內容：</translation>
    </message>
    <message>
        <location filename="../teaching/grading_setup.py" line="+72"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Stopping after this student…</source>
        <translation>批改完這位學生後停止…</translation>
    </message>
</context>
<context>
    <name>help_docs</name>
    <message>
        <location filename="../shell/help_docs.py" line="+54"/>
        <source>tcompare documentation</source>
        <translation>tcompare 說明文件</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Close</source>
        <translation>關閉</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open the &amp;folder</source>
        <translation>開啟所在資料夾(&amp;F)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show the documentation&apos;s files in the file manager</source>
        <translation>在檔案管理員中顯示說明文件的檔案</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The documentation is not installed with this copy of tcompare; it is the docs/ folder and README.md of the source.</source>
        <translation>此 tcompare 副本未安裝說明文件；說明文件是原始碼中的 docs/ 資料夾與 README.md。</translation>
    </message>
</context>
<context>
    <name>keyboard_help</name>
    <message>
        <location filename="../language/a11y.py" line="+246"/>
        <location line="+15"/>
        <source>Window</source>
        <translation>視窗</translation>
    </message>
    <message>
        <location filename="../editor/keyboard_help.py" line="+44"/>
        <source>Keyboard</source>
        <translation>鍵盤快速鍵</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Keyboard shortcuts</source>
        <translation>鍵盤快速鍵</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Group</source>
        <translation>分組</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keys</source>
        <translation>按鍵</translation>
    </message>
</context>
<context>
    <name>legend</name>
    <message>
        <location filename="../drawing/legend.py" line="+68"/>
        <source>word segmented differently</source>
        <translation>斷詞不同的詞</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>on hover: the scorer&apos;s partner</source>
        <translation>懸停時：評分器配對的成分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>on hover: nearest by span overlap</source>
        <translation>懸停時：跨度重疊最多的成分</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Legend</source>
        <translation>圖例</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Show or fold the verdict legend</source>
        <translation>顯示或摺疊判定圖例</translation>
    </message>
</context>
<context>
    <name>live_editor</name>
    <message>
        <location filename="../teaching/live_trees.py" line="+48"/>
        <source>Live trees</source>
        <translation>即時剖析樹</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>gold tree: brackets, or a CoNLL block</source>
        <translation>標準答案剖析樹：括號格式，或一段 CoNLL</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>system tree: brackets, or a CoNLL block</source>
        <translation>系統輸出剖析樹：括號格式，或一段 CoNLL</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Notation</source>
        <translation>格式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Profile</source>
        <translation>評測方案</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Gold</source>
        <translation>標準答案</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>System</source>
        <translation>系統輸出</translation>
    </message>
    <message>
        <location line="+120"/>
        <source>gold</source>
        <translation>標準答案</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>system</source>
        <translation>系統輸出</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>line {line}, column {column}: </source>
        <translation>第 {line} 行第 {column} 列：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>nothing to read</source>
        <translation>沒有可讀取的內容</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>{profile} cannot score this pair: {error}</source>
        <translation>{profile} 無法為這對句子評分：{error}</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>&amp;Live trees…</source>
        <translation>即時剖析樹(&amp;L)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Type a gold and a system tree and see them drawn and scored as you type</source>
        <translation>輸入標準答案和系統輸出剖析樹，邊輸入邊繪圖評分</translation>
    </message>
    <message>
        <location line="-218"/>
        <source>Parser</source>
        <translation>剖析器</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>none: type the system tree</source>
        <translation>無：自行輸入系統樹</translation>
    </message>
    <message>
        <location line="+21"/>
        <location line="+56"/>
        <source>loading {parser}…</source>
        <translation>正在載入 {parser}…</translation>
    </message>
    <message>
        <location line="-23"/>
        <source>the parser returned nothing</source>
        <translation>剖析器沒有傳回結果</translation>
    </message>
</context>
<context>
    <name>llm_view</name>
    <message>
        <location filename="../analysis/llm_view.py" line="+43"/>
        <source>strict</source>
        <translation>嚴格</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>repaired</source>
        <translation>修復後</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>empty</source>
        <translation>空</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>unparsable</source>
        <translation>無法剖析</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unbalanced</source>
        <translation>括號不配對</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>several roots</source>
        <translation>多個根</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>cycle</source>
        <translation>有環</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>bad head</source>
        <translation>中心詞無效</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>chatter removed</source>
        <translation>已刪去閒談</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>other parses left out</source>
        <translation>已略去其他剖析</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>brackets balanced</source>
        <translation>已配平括號</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>empty brackets removed</source>
        <translation>已刪去空括號</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>roots joined</source>
        <translation>已合併多個根</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>columns filled</source>
        <translation>已補全缺欄</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>word written back</source>
        <translation>已改回原詞</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>added word removed</source>
        <translation>已刪去增詞</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>word moved back</source>
        <translation>已移回原位</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>dropped word put back</source>
        <translation>已補回漏詞</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>second root attached</source>
        <translation>已掛接多餘的根</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>cycle broken</source>
        <translation>已斷開環</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>head repaired</source>
        <translation>已修復中心詞</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>IDs renumbered</source>
        <translation>已重新編號</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>added</source>
        <translation>增詞</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>dropped</source>
        <translation>漏詞</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>changed</source>
        <translation>改詞</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>moved</source>
        <translation>移位</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>LLM output against {gold}</source>
        <translation>大型語言模型輸出與 {gold} 對比</translation>
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
        <translation>忠實性</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{figure} (strict)</source>
        <translation>{figure}（嚴格）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{figure} (repaired)</source>
        <translation>{figure}（修復後）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>GOLD</source>
        <translation>標準答案</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>ANSWER (repaired)</source>
        <translation>回答（修復後）</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Answers:</source>
        <translation>回答：</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>{valid} of {n} answers valid, {invalid} invalid ({why}); {faithful} faithful, {unfaithful} unfaithful (words {how}); valid and faithful: {rate}%</source>
        <translation>{n} 個回答中 {valid} 個有效，{invalid} 個無效（{why}）；{faithful} 個忠實，{unfaithful} 個不忠實（詞：{how}）；有效且忠實：{rate}%</translation>
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
        <translation>無回答</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>faithful</source>
        <translation>忠實</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>no repair needed</source>
        <translation>無需修復</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no answer pairs with this sentence</source>
        <translation>沒有與此句對應的回答</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Repairs:</source>
        <translation>修復：</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Open &amp;LLM output…</source>
        <translation>開啟大型語言模型輸出(&amp;L)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Score a language model&apos;s parses: validity, faithfulness, strict and repaired figures</source>
        <translation>評測語言模型的剖析：有效性、忠實性、嚴格與修復後的分數</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Gold file</source>
        <translation>標準答案檔案</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>LLM output file(s)</source>
        <translation>大型語言模型輸出檔</translation>
    </message>
</context>
<context>
    <name>main_window</name>
    <message>
        <location filename="../shell/status.py" line="+24"/>
        <source>no files open</source>
        <translation>未開啟檔案</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>scoring %v / %m</source>
        <translation>評分中 %v / %m</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>reading {file}…</source>
        <translation>正在讀取 {file}…</translation>
    </message>
    <message>
        <location filename="../shell/window.py" line="+223"/>
        <source>  vs  </source>
        <translation>  對比  </translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Sentence {n} (reading the rest of the files…)</source>
        <translation>第 {n} 句（正在讀取檔案的其餘部分…）</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>(none)</source>
        <translation>（無）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>GOLD</source>
        <translation>標準答案</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SYSTEM</source>
        <translation>系統輸出</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>there is no sentence {n} (the files have {total})</source>
        <translation>沒有第 {n} 句（檔案共 {total} 句）</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>scoring cancelled: the table shows the sentences scored so far</source>
        <translation>評分已取消：表格顯示已評分的句子</translation>
    </message>
    <message>
        <location filename="../shell/status.py" line="+19"/>
        <source>could not read the files</source>
        <translation>無法讀取檔案</translation>
    </message>
    <message>
        <location filename="../shell/window.py" line="+7"/>
        <source>Cannot open: {error}</source>
        <translation>無法開啟：{error}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>tcompare: cannot read file</source>
        <translation>tcompare：無法讀取檔案</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>cannot draw sentence {n}: {error}</source>
        <translation>無法繪製第 {n} 句：{error}</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>no scoring profile available</source>
        <translation>沒有可用的評測方案</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>no total: {message}</source>
        <translation>無總計：{message}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cannot aggregate: {error}</source>
        <translation>無法彙總：{error}</translation>
    </message>
    <message>
        <location filename="../shell/status.py" line="+8"/>
        <source>gold</source>
        <translation>標準答案</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>system</source>
        <translation>系統輸出</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{n} sentences</source>
        <translation>{n} 句</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>profile: {name}</source>
        <translation>評測方案：{name}</translation>
    </message>
</context>
<context>
    <name>open_dialog</name>
    <message>
        <location filename="../shell/open_dialog.py" line="+31"/>
        <source>Open gold and system files</source>
        <translation>開啟標準答案與系統輸出檔案</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The gold file is the reference: system files are scored against it, and edits are saved into it.</source>
        <translation>標準答案檔案是參照：系統輸出檔案以它為準評分，編輯也儲存到它裡面。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>(choose a remembered set of files)</source>
        <translation>（選擇一組記住的檔案）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>gold {gold}</source>
        <translation>標準答案 {gold}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>system {systems}</source>
        <translation>系統輸出 {systems}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Recent</source>
        <translation>最近(&amp;R)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the reference treebank</source>
        <translation>作為參照的樹庫</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Browse…</source>
        <translation>瀏覽(&amp;B)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Gold</source>
        <translation>標準答案(&amp;G)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>⇅ S&amp;wap gold and system</source>
        <translation>⇅ 交換標準答案與系統輸出(&amp;W)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Exchange the gold file and the (selected) system file</source>
        <translation>交換標準答案檔案與（選取的）系統輸出檔案</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&amp;Add…</source>
        <translation>新增(&amp;A)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Re&amp;move</source>
        <translation>移除(&amp;M)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&amp;System(s)</source>
        <translation>系統輸出(&amp;S)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>&amp;Open</source>
        <translation>開啟(&amp;O)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Gold file</source>
        <translation>標準答案檔案</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>System file(s)</source>
        <translation>系統輸出檔案</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Choose the gold file.</source>
        <translation>請選擇標準答案檔案。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{path} is a folder, not a file.</source>
        <translation>{path} 是資料夾，不是檔案。</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+3"/>
        <source>{path}: no such file.</source>
        <translation>{path}：檔案不存在。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The gold file is also a system file.</source>
        <translation>標準答案檔案同時也是系統輸出檔案。</translation>
    </message>
</context>
<context>
    <name>panes</name>
    <message>
        <location filename="../shell/panes.py" line="+70"/>
        <source>This sentence is larger than the view: scroll it, or press F9 to hide the side panes</source>
        <translation>這個句子超出了檢視範圍：可以捲動查看，或按 F9 隱藏側邊窗格</translation>
    </message>
</context>
<context>
    <name>parse_gold</name>
    <message>
        <location filename="../teaching/parse_gold.py" line="+65"/>
        <source>Parse gold with a parser</source>
        <translation>以剖析器剖析標準答案</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>{name} (not installed)</source>
        <translation>{name}（未安裝）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>On the gold&apos;s own tokens, sentence by sentence</source>
        <translation>使用標準答案本身的詞，逐句剖析</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>On the raw text (the parser finds sentences and tokens; scored with an aligned profile)</source>
        <translation>使用原始文字（由剖析器切分句子與詞；以對齊評測設定計分）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Browse…</source>
        <translation>瀏覽…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Gold</source>
        <translation>標準答案</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parser</source>
        <translation>剖析器</translation>
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
        <translation>系統檔案</translation>
    </message>
    <message>
        <location line="-43"/>
        <source>Not installed here (nothing is downloaded; run the command, then open this dialog again):</source>
        <translation>本機未安裝（不會自動下載；請執行下列指令，再重新開啟此對話框）：</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Parse</source>
        <translation>剖析</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>no parser of this kind</source>
        <translation>沒有這一類的剖析器</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>gives dependencies</source>
        <translation>產生依存結構</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gives constituency trees</source>
        <translation>產生成分剖析樹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>installed</source>
        <translation>已安裝</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not installed: {command}</source>
        <translation>未安裝：{command}</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>&amp;Parse gold with…</source>
        <translation>以剖析器剖析標準答案(&amp;P)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run a parser installed here on the gold file and compare its output with the gold</source>
        <translation>以本機已安裝的剖析器剖析標準答案檔案，並將輸出與標準答案比較</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>open a gold file first</source>
        <translation>請先開啟標準答案檔案</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>a parser is running</source>
        <translation>剖析器正在執行</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Loading {parser}…</source>
        <translation>正在載入 {parser}…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Parse gold with {parser}</source>
        <translation>以 {parser} 剖析標準答案</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Parsing with {parser}…</source>
        <translation>正在以 {parser} 剖析…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Parsing: {done} of {total} sentences</source>
        <translation>正在剖析：第 {done} 句，共 {total} 句</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>cancelled: nothing was written</source>
        <translation>已取消：未寫入任何檔案</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not parsed: {error}</source>
        <translation>未剖析：{error}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Parse gold</source>
        <translation>剖析標準答案</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>cannot write {path}: {error}</source>
        <translation>無法寫入 {path}：{error}</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{parser}: {sentences} sentences in {seconds} s, {missing} without a parse; written to {path}</source>
        <translation>{parser}：{sentences} 句，費時 {seconds} 秒，{missing} 句沒有剖析結果；已寫入 {path}</translation>
    </message>
</context>
<context>
    <name>preferences</name>
    <message>
        <location filename="../shell/preferences.py" line="-129"/>
        <source>(the notation&apos;s default)</source>
        <translation>（該格式的預設值）</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>&amp;Preferences…</source>
        <translation>偏好設定(&amp;P)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Theme, font size, language, scoring profile per notation, recent files</source>
        <translation>佈景主題、字型大小、介面語言、各格式的評分方案、最近開啟的檔案</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>Preferences</source>
        <translation>偏好設定</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Interface</source>
        <translation>介面</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Theme</source>
        <translation>佈景主題(&amp;T)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source> pt</source>
        <translation> 點</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>system default</source>
        <translation>依系統設定</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Font size</source>
        <translation>字型大小(&amp;F)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;Language</source>
        <translation>介面語言(&amp;L)</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>&amp;Enhanced arcs (DEPS)</source>
        <translation>增強依存弧（DEPS）(&amp;E)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Scoring profile per notation (also remembered when you choose one)</source>
        <translation>各格式的評分方案（選用時也會記住）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Files</source>
        <translation>檔案</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Recent files listed</source>
        <translation>最近檔案列出數量(&amp;R)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How often unsaved gold edits are journaled for recovery</source>
        <translation>未儲存的標準答案修改多久記錄一次日誌，以便復原</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Journal edits every</source>
        <translation>修改日誌記錄間隔(&amp;J)</translation>
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
        <translation>{kind}，作為一對評分：標準答案{gold} · 系統輸出{system}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>gold: {file} line {line}</source>
        <translation>標準答案：{file} 第 {line} 行</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>system: {file} line {line}</source>
        <translation>系統輸出：{file} 第 {line} 行</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>gold</source>
        <translation>標準答案</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>system</source>
        <translation>系統輸出</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>{side} line {line}</source>
        <translation>{side} 第 {line} 行</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;b&gt;gold&lt;/b&gt;: no gold sentence pairs with this system sentence (sentences paired by their text)</source>
        <translation>&lt;b&gt;標準答案&lt;/b&gt;：沒有與這個系統輸出句子配對的標準答案句子（按句子文字配對）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;gold&lt;/b&gt;: {file} has only {n} sentences</source>
        <translation>&lt;b&gt;標準答案&lt;/b&gt;：{file} 只有 {n} 句</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;b&gt;system&lt;/b&gt;: no sentence of {file} pairs with this gold sentence (sentences paired by their text)</source>
        <translation>&lt;b&gt;系統輸出&lt;/b&gt;：{file} 中沒有與這個標準答案句子配對的句子（按句子文字配對）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;system&lt;/b&gt;: {file} has only {n} sentences</source>
        <translation>&lt;b&gt;系統輸出&lt;/b&gt;：{file} 只有 {n} 句</translation>
    </message>
</context>
<context>
    <name>recovery_dialog</name>
    <message>
        <location filename="../editor/recovery_dialog.py" line="+66"/>
        <source>{n} edited sentence(s) of {file} were autosaved by a session that did not end normally: sentence(s) {numbers}.</source>
        <translation>一次未正常結束的工作階段自動儲存了 {file} 中 {n} 個修改過的句子：第 {numbers} 句。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No autosaved edits of {file} can be restored.</source>
        <translation>{file} 沒有可以恢復的自動儲存修改。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The file was changed on disk since; sentence(s) {numbers} changed there too: choose which version to keep for each.</source>
        <translation>此後磁碟上的檔案被修改過；第 {numbers} 句在檔案中也有改動：請逐句選擇要保留的版本。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The file was changed on disk since, but not in these sentences.</source>
        <translation>此後磁碟上的檔案被修改過，但不涉及這些句子。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Not offered: {journal} belongs to {owner}, another account; journals of others are never read.</source>
        <translation>不提供恢復：{journal} 屬於另一個帳戶 {owner}；從不讀取他人的恢復記錄。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Recover unsaved edits</source>
        <translation>恢復未儲存的修改</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Marked: the words a restore would change. Nothing is written to the file until you save.</source>
        <translation>標出的是恢復會改變的詞語。儲存之前不會寫入檔案。</translation>
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
        <translation>檔案中現在的內容</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Autosaved edit</source>
        <translation>自動儲存的修改</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>changed in the file too since it was autosaved</source>
        <translation>自動儲存之後檔案中的這一句也被修改過</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>choose…</source>
        <translation>請選擇…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>autosaved edit</source>
        <translation>自動儲存的修改</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>file&apos;s version</source>
        <translation>檔案中的版本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep for sentence {n}</source>
        <translation>第 {n} 句保留</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>&amp;Restore chosen</source>
        <translation>恢復所選(&amp;R)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Discard the autosave</source>
        <translation>捨棄自動儲存(&amp;D)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Decide &amp;later</source>
        <translation>稍後決定(&amp;L)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keep the autosave; the next opening of this file offers it again</source>
        <translation>保留自動儲存；下次開啟此檔案時再次提供恢復</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>First choose a version for sentence(s) {numbers}</source>
        <translation>請先為第 {numbers} 句選擇一個版本</translation>
    </message>
    <message>
        <location line="-68"/>
        <source>(joined to the sentence before)</source>
        <translation>(併入前一句)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>({n} sentences)</source>
        <translation>({n} 個句子)</translation>
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
        <translation>有改動</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>retokenised</source>
        <translation>重新分詞</translation>
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
        <translation>刪除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unreadable</source>
        <translation>無法讀取</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>sentence ids</source>
        <translation>句子編號</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>text</source>
        <translation>文字</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Release diff — {old} → {new}</source>
        <translation>版本差異 — {old} → {new}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Sentences</source>
        <translation>句子列表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Most frequent changes</source>
        <translation>最常見的改動</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Old and new on one word axis</source>
        <translation>新舊版本在同一詞軸上</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The new release&apos;s words</source>
        <translation>新版本的詞語</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The sentence&apos;s changes</source>
        <translation>本句的改動</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>{old} sentences in the old release, {new} in the new; paired by {by}</source>
        <translation>舊版本 {old} 句，新版本 {new} 句；按{by}配對</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>(every change)</source>
        <translation>（全部改動）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>all but the same</source>
        <translation>除相同以外的全部</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Old</source>
        <translation>舊</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>New</source>
        <translation>新</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Status</source>
        <translation>狀態</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Changes</source>
        <translation>改動數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sent_id / words</source>
        <translation>sent_id / 詞語</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Most frequent changes:</source>
        <translation>最常見的改動：</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Next changed sentence</source>
        <translation>下一個改動的句子</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Previous changed sentence</source>
        <translation>上一個改動的句子</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>old</source>
        <translation>舊</translation>
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
        <translation>正在讀取 {name}</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>scoring {name}</source>
        <translation>正在為 {name} 評分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>labels, confusions and error classes of {name}</source>
        <translation>{name} 的標籤、混淆與錯誤類別</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>drawing the worst sentences of {name}</source>
        <translation>正在繪製 {name} 最差的句子</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>significance test between the systems</source>
        <translation>系統間的顯著性檢定</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>cannot write {path}: {error}</source>
        <translation>無法寫入 {path}：{error}</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Export &amp;report…</source>
        <translation>匯出報告(&amp;R)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One HTML file with the figures, significance, charts and the worst sentences of every open system</source>
        <translation>一個 HTML 檔案，包含每個已開啟系統的分數、顯著性檢定、圖表與最差的句子</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>open a gold file and at least one system first</source>
        <translation>請先開啟一個標準答案檔案與至少一個系統輸出</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a report is being written</source>
        <translation>正在寫入一份報告</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+14"/>
        <location line="+29"/>
        <source>Export report</source>
        <translation>匯出報告</translation>
    </message>
    <message>
        <location line="-40"/>
        <source>HTML report (*.html)</source>
        <translation>HTML 報告 (*.html)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Writing the report…</source>
        <translation>正在寫入報告…</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>report not written: {error}</source>
        <translation>報告未寫入：{error}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The report was not written:
{error}</source>
        <translation>報告未寫入：
{error}</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>report written to {path} ({seconds} s)</source>
        <translation>報告已寫入 {path}（{seconds} 秒）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> -- from the files as saved, without the unsaved edits</source>
        <translation>——依已儲存的檔案產生，不含未儲存的修改</translation>
    </message>
    <message>
        <location line="-85"/>
        <source>Export &amp;interactive report…</source>
        <translation>匯出互動式報告(&amp;I)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One HTML file to browse every sentence in a web browser: filters, drawings, links</source>
        <translation>一個 HTML 檔案，在網頁瀏覽器中瀏覽每個句子：篩選、繪圖、連結</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Export interactive report</source>
        <translation>匯出互動式報告</translation>
    </message>
</context>
<context>
    <name>scorer_text</name>
    <message>
        <location filename="../language/scorer_text.py" line="+23"/>
        <source>Length unmatch: gold {gold} words, system {system}</source>
        <translation>長度不一致：標準答案 {gold} 個詞，系統輸出 {system} 個</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Words unmatch: gold “{gold}”, system “{system}”</source>
        <translation>詞語不一致：標準答案「{gold}」，系統輸出「{system}」</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Brackets unbalanced (too many closing brackets)</source>
        <translation>括號不對稱（右括號過多）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Brackets unbalanced (too many opening brackets)</source>
        <translation>括號不對稱（左括號過多）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The sentence cannot be read</source>
        <translation>無法讀取此句</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Number of lines differs (too many lines in the gold file)</source>
        <translation>行數不一致（標準答案檔案行數過多）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Number of lines differs (too many lines in the system file)</source>
        <translation>行數不一致（系統輸出檔案行數過多）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>skipped: the system tree has no words after deletion</source>
        <translation>已略過：刪除後系統輸出樹中沒有詞</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no parse: counted with no brackets (-X)</source>
        <translation>無分析結果：以沒有括號計分（-X）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no parse ({where})</source>
        <translation>無分析結果（{where}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no parse output</source>
        <translation>沒有分析結果輸出</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>gold has {gold} words, system has {system}</source>
        <translation>標準答案有 {gold} 個詞，系統輸出有 {system} 個</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>gold has {gold} words, system {system} (after cleaning)</source>
        <translation>標準答案有 {gold} 個詞，系統輸出有 {system} 個（清理後）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>missing: no system sentence pairs with gold sentence {n} ({where}); counted as no parse</source>
        <translation>缺失：沒有系統輸出句子與標準答案第 {n} 句（{where}）配對；以無分析結果計分</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>extra: system sentence {n} ({where}) pairs with no gold sentence; its items count as wrong</source>
        <translation>多餘：系統輸出第 {n} 句（{where}）沒有可配對的標準答案句子；其各項皆算錯誤</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>joined: scored with gold sentence {n}</source>
        <translation>合併：與標準答案第 {n} 句一起計分</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>split: scored with gold sentence {n}</source>
        <translation>拆分：與標準答案第 {n} 句一起計分</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>gold sentence {n} ({where}) has no tree and no system partner</source>
        <translation>標準答案第 {n} 句（{where}）沒有樹，也沒有配對的系統輸出句子</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>system sentence {n} ({where}) is empty and pairs with no gold sentence</source>
        <translation>系統輸出第 {n} 句（{where}）是空的，且沒有可配對的標準答案句子</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no phenomenon listed in the gold or recognised in the parse</source>
        <translation>標準答案中沒有列出現象，分析結果中也沒有辨識出現象</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no gold tree</source>
        <translation>沒有標準答案樹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no system tree</source>
        <translation>沒有系統輸出樹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no repair within {n} steps</source>
        <translation>{n} 步之內無法修復</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>search stopped: {n} steps</source>
        <translation>搜尋已停止：{n} 步</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>repair search failed: {why}</source>
        <translation>修復搜尋失敗：{why}</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+4"/>
        <source>profile {profile} scores sentence by sentence: choose {aligned} in the Profile box (it aligns the sentences)</source>
        <translation>評測方案 {profile} 逐句計分：請在「評測方案」方塊中選擇 {aligned}（它會對齊句子）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>profile {profile} aligns the whole files</source>
        <translation>評測方案 {profile} 會對齊整個檔案</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>profile {profile} compares word by word: choose {aligned} in the Profile box (it aligns words on characters)</source>
        <translation>評測方案 {profile} 逐詞比較：請在「評測方案」方塊中選擇 {aligned}（它依字元對齊詞語）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>joined: gold sentences {gold} and system sentence {system} hold the same characters (several gold sentences are one system sentence)</source>
        <translation>合併：標準答案第 {gold} 句與系統輸出第 {system} 句的字元相同（幾個標準答案句子合成了一個系統輸出句子）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>split: gold sentence {gold} and system sentences {system} hold the same characters (one gold sentence is several system sentences)</source>
        <translation>拆分：標準答案第 {gold} 句與系統輸出第 {system} 句的字元相同（一個標準答案句子分成了幾個系統輸出句子）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>different text: gold {gold}, system {system} (first difference at character {k}; gold has {n} characters, system {m}){rest}</source>
        <translation>文字不同：標準答案 {gold}，系統輸出 {system}（從第 {k} 個字元起不同；標準答案 {n} 個字元，系統輸出 {m} 個）{rest}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>missing: gold sentence {n} ({where}): {why}</source>
        <translation>缺失：標準答案第 {n} 句（{where}）：{why}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>its gold items count as missing</source>
        <translation>其標準答案各項算作缺失</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>missing: gold sentences {list}: {why}</source>
        <translation>缺失：標準答案第 {list} 句：{why}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the system sentence cannot be read (system: {error})</source>
        <translation>無法讀取系統輸出句子（系統輸出：{error}）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>gold sentences {gold} and system sentences {system} hold the same characters (the sentence boundaries differ)</source>
        <translation>標準答案第 {gold} 句與系統輸出第 {system} 句的字元相同（句子邊界不同）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>different word segmentation: gold has {gold} words, system {system}</source>
        <translation>斷詞不同：標準答案有 {gold} 個詞，系統輸出有 {system} 個</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>from word {k}: gold {gold}, system {system}</source>
        <translation>從第 {k} 個詞起：標準答案 {gold}，系統輸出 {system}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>move</source>
        <translation>移動</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>relabel</source>
        <translation>改標籤</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>add</source>
        <translation>新增</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>remove</source>
        <translation>刪除</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>NP Internal</source>
        <translation>NP 內部</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Wrong pair</source>
        <translation>配對錯誤</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Incorrectly present</source>
        <translation>錯誤出現</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Incorrectly missing</source>
        <translation>錯誤缺少</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>UCP related</source>
        <translation>與 UCP 有關</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sense Confusion, causing mis-attachment</source>
        <translation>詞義混淆導致附著錯誤</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scope error</source>
        <translation>轄域錯誤</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>unclassified ({kind})</source>
        <translation>未歸類（{kind}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{label} Attachment</source>
        <translation>{label} 附著</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{upper} over {lower}</source>
        <translation>{upper} 套 {lower}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{a} and {b}</source>
        <translation>{a} 與 {b}</translation>
    </message>
</context>
<context>
    <name>sentence_panel</name>
    <message>
        <location filename="../table/panel.py" line="+48"/>
        <source>Show sentences with this status or review mark</source>
        <translation>顯示具有該狀態或審閱標記的句子</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>F1 range (sentences without an F1 are hidden when narrowed)</source>
        <translation>F1 範圍（縮小範圍時隱藏沒有 F1 的句子）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>filter words…</source>
        <translation>按詞語篩選…</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Show only sentences with this kind of dependency error</source>
        <translation>只顯示有此類依存錯誤的句子</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>With several systems: the sentences where one is right and another wrong, or where all are wrong</source>
        <translation>多個系統時：篩選一個正確而另一個錯誤，或全部錯誤的句子</translation>
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
        <translation>所有系統均出錯</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{a} right, {b} wrong</source>
        <translation>{a} 正確，{b} 錯誤</translation>
    </message>
</context>
<context>
    <name>sidebar</name>
    <message>
        <location filename="../table/sidebar.py" line="+30"/>
        <source>Other file…</source>
        <translation>其他檔案…</translation>
    </message>
    <message>
        <location line="+86"/>
        <source>Scoring</source>
        <translation>評分</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Profile</source>
        <translation>評測方案</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>System</source>
        <translation>系統輸出</translation>
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
        <translation>累計結果</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Report text</source>
        <translation>報告文字</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The report as tcompare score prints it</source>
        <translation>與 tcompare score 輸出相同的報告</translation>
    </message>
    <message>
        <location line="+80"/>
        <location line="+19"/>
        <source>default</source>
        <translation>預設</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>default (COLLINS)</source>
        <translation>預設（COLLINS）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>EVALB parameter file</source>
        <translation>EVALB 參數檔案</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>EVALB parameters (*.prm);;All files (*)</source>
        <translation>EVALB 參數 (*.prm);;所有檔案 (*)</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Sentence {n}</source>
        <translation>第 {n} 句</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not scored yet</source>
        <translation>尚未評分</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no profile</source>
        <translation>沒有評測方案</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>counts</source>
        <translation>計數</translation>
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
        <translation>狀態</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>Secondary scores (corpus)</source>
        <translation>次要指標（全語料）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>computing…</source>
        <translation>計算中…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>mean of the sentences&apos; scores</source>
        <translation>各句得分的平均值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TED (Dice)</source>
        <translation>樹編輯距離（Dice）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1 - edit operations / nodes, summed over the corpus</source>
        <translation>1 - 編輯操作數 / 節點數（全語料合計）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>TED not computed (time limit): gold {list}</source>
        <translation>樹編輯距離未計算（逾時）：標準句 {list}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>leaf-ancestor not computed (time limit): gold {list}</source>
        <translation>葉祖先得分未計算（逾時）：標準句 {list}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>pairs without one sentence on each side</source>
        <translation>兩邊並非各有一句的句對</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Running total ({rows} of {total} sentences)</source>
        <translation>累計結果（{rows} / {total} 句）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Running total ({rows} sentences)</source>
        <translation>累計結果（{rows} 句）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>profile</source>
        <translation>評測方案</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>left out</source>
        <translation>未計入</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sentences</source>
        <translation>句子</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>gold items</source>
        <translation>金標項</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>recall with them</source>
        <translation>計入後的召回率</translation>
    </message>
    <message>
        <location line="-373"/>
        <source>Secondary scores</source>
        <translation>次要指標</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Leaf-ancestor, tree edit distance and function tags of this sentence</source>
        <translation>本句的葉祖先得分、樹編輯距離和功能標記</translation>
    </message>
    <message>
        <location line="+251"/>
        <location line="+66"/>
        <source>not scored</source>
        <translation>未計分</translation>
    </message>
    <message>
        <location line="-63"/>
        <location line="+42"/>
        <source>leaf-ancestor</source>
        <translation>葉祖先得分</translation>
    </message>
    <message>
        <location line="-39"/>
        <location line="+6"/>
        <location line="+38"/>
        <source>tree distance</source>
        <translation>樹編輯距離</translation>
    </message>
    <message>
        <location line="-43"/>
        <location line="+45"/>
        <source>edit operations / nodes of both trees</source>
        <translation>編輯操作數 / 兩棵樹的節點數</translation>
    </message>
    <message>
        <location line="-43"/>
        <source>TED similarity</source>
        <translation>樹編輯相似度</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>not computed (time limit)</source>
        <translation>未計算（逾時）</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+38"/>
        <source>function tags</source>
        <translation>功能標記</translation>
    </message>
    <message>
        <location line="-36"/>
        <source>matched / gold / system</source>
        <translation>匹配 / 標準 / 系統</translation>
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
        <translation>第 {n} 個詞</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>words {first} to {last}</source>
        <translation>第 {first} 到 {last} 個詞</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>word {n} {form}</source>
        <translation>第 {n} 個詞 {form}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unlabelled node</source>
        <translation>無標籤節點</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>crosses a bracket of the other side</source>
        <translation>與另一側的括號交叉</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>root</source>
        <translation>根</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{label}, from {head} to {dependent}</source>
        <translation>{label}，從 {head} 到 {dependent}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>from {head}</source>
        <translation>從 {head}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>: {side} says {what}</source>
        <translation>（{side}：{what}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not scored</source>
        <translation>不計分</translation>
    </message>
</context>
<context>
    <name>suspects_window</name>
    <message>
        <location filename="../annotation/suspects_window.py" line="+70"/>
        <source>Suspicious gold — {gold}</source>
        <translation>可疑的金標準 — {gold}</translation>
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
        <translation>分數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Systems</source>
        <translation>系統證據</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Nuclei / duplicates</source>
        <translation>變異核 / 重複句</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Words</source>
        <translation>詞語</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Open in the gold editor</source>
        <translation>在金標準編輯器中開啟</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Next suspect</source>
        <translation>下一個可疑句</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Previous suspect</source>
        <translation>上一個可疑句</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Suspects</source>
        <translation>可疑句列表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Gold and systems on one word axis</source>
        <translation>金標準與系統輸出在同一詞軸上</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Systems with other words</source>
        <translation>詞語不同的系統輸出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The evidence</source>
        <translation>證據</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No evidence against any gold sentence.</source>
        <translation>沒有針對任何金標準句子的證據。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>gold</source>
        <translation>金標準</translation>
    </message>
</context>
<context>
    <name>table_model</name>
    <message>
        <location filename="../table/model.py" line="+221"/>
        <source>{key} of system {letter}: {file}</source>
        <translation>系統 {letter} 的 {key}：{file}</translation>
    </message>
    <message>
        <location line="+85"/>
        <source>gold line {line}</source>
        <translation>標準答案第 {line} 行</translation>
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
        <translation>中心詞有錯</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../language/terms.py" line="+1"/>
        <source>has wrong label</source>
        <translation>關係標籤有錯</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../language/terms.py" line="+1"/>
        <source>has cycle / several roots</source>
        <translation>有環 / 多個根</translation>
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
        <translation>錯誤</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>skip</source>
        <translation>跳過</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no parse</source>
        <translation>無分析結果</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>extra</source>
        <translation>多餘</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>flagged</source>
        <translation>待查</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>reviewed</source>
        <translation>已審閱</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>match</source>
        <translation>匹配</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>label only</source>
        <translation>僅標籤錯誤</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>crossing</source>
        <translation>交叉括號</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>wrong pos</source>
        <translation>詞性錯誤</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>wrong head</source>
        <translation>中心詞錯誤</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>wrong label</source>
        <translation>關係標籤錯誤</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>wrong both</source>
        <translation>中心詞和標籤均錯</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ignored</source>
        <translation>不計分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>matched</source>
        <translation>匹配</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>right span, wrong label</source>
        <translation>跨度正確，標籤錯誤</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>missing from system (gold only)</source>
        <translation>系統輸出缺失（僅標準答案有）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>extra in system</source>
        <translation>系統輸出多餘</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>crossing a gold bracket</source>
        <translation>與標準答案括號交叉</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>wrong POS tag</source>
        <translation>詞性標記錯誤</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>wrong head and label</source>
        <translation>中心詞和關係標籤均錯</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not scored (deleted label, punctuation)</source>
        <translation>不計分（刪除的標籤、標點）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no verdict</source>
        <translation>無判定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gold</source>
        <translation>標準答案</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>system</source>
        <translation>系統輸出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gold/system</source>
        <translation>標準答案/系統輸出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>node</source>
        <translation>節點</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>word</source>
        <translation>詞</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>empty node</source>
        <translation>空節點</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>bracket</source>
        <translation>括號</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>arc</source>
        <translation>依存弧</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tag</source>
        <translation>詞性標記</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>role</source>
        <translation>語意角色</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>event</source>
        <translation>事件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>len</source>
        <translation>長度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>status</source>
        <translation>狀態</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>mark</source>
        <translation>標記</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>first words</source>
        <translation>句首詞語</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>message</source>
        <translation>訊息</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tag acc</source>
        <translation>標記精確率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>precision</source>
        <translation>精確率</translation>
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
        <translation>詞性標註精確率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>complete match</source>
        <translation>完全匹配</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no crossing</source>
        <translation>無交叉</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>two or less crossing</source>
        <translation>交叉不超過兩處</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>average crossing</source>
        <translation>平均交叉數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gold brackets</source>
        <translation>標準答案括號數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>test brackets</source>
        <translation>系統輸出括號數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>matched brackets</source>
        <translation>匹配括號數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct tags</source>
        <translation>正確標記數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>error sentences</source>
        <translation>出錯句數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>skip sentences</source>
        <translation>跳過句數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>valid sentences</source>
        <translation>有效句數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sentences</source>
        <translation>句數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>words</source>
        <translation>詞數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tokens</source>
        <translation>詞例數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nonscoring</source>
        <translation>不計分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>length</source>
        <translation>長度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>errors</source>
        <translation>錯誤數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>errors made</source>
        <translation>犯錯數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>correct</source>
        <translation>正確</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>aligned</source>
        <translation>已對齊</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>aligned accuracy</source>
        <translation>對齊精確率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>head correct</source>
        <translation>中心詞正確</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>label correct</source>
        <translation>標籤正確</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>both correct</source>
        <translation>均正確</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>root correct</source>
        <translation>根正確</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>root gold</source>
        <translation>標準答案根</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>root system</source>
        <translation>系統輸出根</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>pos correct</source>
        <translation>詞性正確</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>pos gold</source>
        <translation>標準答案詞性</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>recognised</source>
        <translation>已識別</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>short</source>
        <translation>短句</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>other correct</source>
        <translation>其他正確</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>other gold</source>
        <translation>其他標準答案</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>other system</source>
        <translation>其他系統輸出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sentence precision</source>
        <translation>句子精確率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sentence recall</source>
        <translation>句子召回率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>token ratio</source>
        <translation>詞例比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nocross</source>
        <translation>無交叉</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>macro</source>
        <translation>巨觀平均</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>micro</source>
        <translation>微觀平均</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+145"/>
        <source>class {n}</source>
        <translation>第 {n} 類</translation>
    </message>
    <message>
        <location line="-144"/>
        <source>cycle</source>
        <translation>有環</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>self loop</source>
        <translation>自環</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>several roots</source>
        <translation>多個根</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>non projective</source>
        <translation>非投射</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gold non projective</source>
        <translation>標準答案非投射</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>p undefined</source>
        <translation>精確率無定義</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>r undefined</source>
        <translation>召回率無定義</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>pos</source>
        <translation>詞性</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>flags</source>
        <translation>標誌</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>root</source>
        <translation>根</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>adjunct</source>
        <translation>附加語</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>complex sentence</source>
        <translation>複句</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>coordination</source>
        <translation>並列結構</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>inversion</source>
        <translation>倒裝</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>monotransitive</source>
        <translation>單賓語及物</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>passive</source>
        <translation>被動</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>preposition</source>
        <translation>介詞</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>proper noun</source>
        <translation>專有名詞</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>prm</source>
        <translation>參數檔案</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PP Attachment</source>
        <translation>PP 附著</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Clause Attachment</source>
        <translation>從句附著</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Modifier Attachment</source>
        <translation>修飾語附著</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NP Attachment</source>
        <translation>NP 附著</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>VP Attachment</source>
        <translation>VP 附著</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Co-ordination</source>
        <translation>並列結構</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unary</source>
        <translation>一元節點</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>XoverX Unary</source>
        <translation>X 套 X 一元節點</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Single Word Phrase</source>
        <translation>單詞詞組</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NP Internal Structure</source>
        <translation>NP 內部結構</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Different label</source>
        <translation>標籤不同</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Noun boundary error</source>
        <translation>名詞邊界錯誤</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Split Verb Compound</source>
        <translation>動詞複合詞被拆分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Verb taking wrong arguments</source>
        <translation>動詞論元錯誤</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>undefined</source>
        <translation>無定義</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>serial verb construction</source>
        <translation>連動結構</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>verb that takes verbal complement</source>
        <translation>帶謂詞性賓語的動詞</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>count unparsed</source>
        <translation>計入未分析句</translation>
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
        <translation>排除標點</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>grammar</source>
        <translation>語法體系</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>labeled</source>
        <translation>帶標籤</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>max error</source>
        <translation>最大錯誤數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>notation</source>
        <translation>格式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>rules</source>
        <translation>規則</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>score punct</source>
        <translation>標點計分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>simplify</source>
        <translation>簡化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>task</source>
        <translation>任務</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>variant</source>
        <translation>變體</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>weighting</source>
        <translation>加權方式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>auto</source>
        <translation>自動</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>exhaustive</source>
        <translation>窮盡</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>parsing</source>
        <translation>剖析</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>phenomenon</source>
        <translation>按現象</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sentence</source>
        <translation>按句子</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>singleton</source>
        <translation>單例</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>-X: an empty parse counts as a parse with no brackets</source>
        <translation>-X：空分析結果按沒有括號的分析計算</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>-d: do not score tokens whose gold DEPREL is DERIV</source>
        <translation>-d：標準答案 DEPREL 為 DERIV 的詞不計分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>-p: also score punctuation tokens</source>
        <translation>-p：標點也計分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>-p: do not score punctuation tokens</source>
        <translation>-p：標點不計分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1 labeled, 0 unlabeled bracketing (overrides LABELED)</source>
        <translation>1 為帶標籤括號，0 為不帶標籤括號（覆蓋 LABELED）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>EVALB parameter file (default: bundled COLLINS.prm)</source>
        <translation>EVALB 參數檔案（預設：內附的 COLLINS.prm）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>disco-dop parameter file (default: discodop eval&apos;s settings without one)</source>
        <translation>disco-dop 參數檔（預設：discodop eval 不帶參數檔時的設定）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>EVALB parameter file (default: bundled spmrl.prm)</source>
        <translation>EVALB 參數檔案（預設：內附的 spmrl.prm）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>auto, psg (TCT SynC-GR labels) or ccg (CCG categories)</source>
        <translation>auto、psg（TCT SynC-GR 標籤）或 ccg（CCG 範疇）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>do not score punctuation tokens (eval.pl&apos;s Unicode rule)</source>
        <translation>標點不計分（eval.pl 的 Unicode 規則）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>equal weight per sentence (the paper&apos;s) or per phenomenon</source>
        <translation>每句等權（論文做法）或每種現象等權</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gold event bank for Task 2-1 event recognition (Micro_R, Macro_R)</source>
        <translation>任務 2-1 事件識別的標準答案事件庫（Micro_R、Macro_R）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>jp-evalb.py&apos;s -evalb mode</source>
        <translation>jp-evalb.py 的 -evalb 模式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>map fine treebank POS tags (Nhaa, VC31) to coarse SIGHAN tags (Nh, VC) before comparing tags</source>
        <translation>比較前將樹庫細粒度詞性（Nhaa、VC31）對映為 SIGHAN 粗粒度詞性（Nh、VC）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>notation of the parses (selects the patterns of the rule file); empty: guessed from the first parse</source>
        <translation>分析結果的格式（決定規則檔案中使用的模式）；留空：根據第一個分析結果推斷</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>parameter file (jp-evalb.py&apos;s .prm argument)</source>
        <translation>參數檔案（jp-evalb.py 的 .prm 參數）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>parsing (Task 4-1) or srl (Task 4-2)</source>
        <translation>parsing（任務 4-1，剖析）或 srl（任務 4-2，語意角色標註）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>rule file (default: the shipped rules for the parses&apos; notation)</source>
        <translation>規則檔案（預設：按分析結果格式使用內附規則）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>singleton (AP/AN lists) or exhaustive (one list A)</source>
        <translation>singleton（AP/AN 兩個清單）或 exhaustive（一個清單 A）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stop after this many errors (overrides MAX_ERROR)</source>
        <translation>出現這麼多錯誤後停止（覆蓋 MAX_ERROR）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CIPS-SIGHAN-ParsEval-2010: POS-A, B+C, B+C+H, S_S/C_S/Total F1, event recognition</source>
        <translation>CIPS-SIGHAN-ParsEval-2010：POS-A、B+C、B+C+H、S_S/C_S/Total F1、事件識別</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CIPS-SIGHAN-ParsEval-2012: SC, LC, ULC, NoCross, 6 constituent classes, Tot4 (PSG and CCG)</source>
        <translation>CIPS-SIGHAN-ParsEval-2012：SC、LC、ULC、NoCross、6 類成分、Tot4（PSG 與 CCG）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CoNLL 2007 shared task (eval07.pl v1.4): punctuation scored by default</source>
        <translation>CoNLL 2007 評測任務（eval07.pl v1.4）：預設標點計分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CoNLL 2018 UD shared task (conll18_ud_eval.py v1.2): words aligned on characters; Tokens, Sentences, Words, UPOS, XPOS, UFeats, AllTags, Lemmas, UAS, LAS, CLAS, MLAS, BLEX</source>
        <translation>CoNLL 2018 UD 評測任務（conll18_ud_eval.py v1.2）：按字元對齊詞語；Tokens、Sentences、Words、UPOS、XPOS、UFeats、AllTags、Lemmas、UAS、LAS、CLAS、MLAS、BLEX</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CoNLL-X shared task (eval.pl v1.9): LAS, UAS, LA; punctuation not scored</source>
        <translation>CoNLL-X 評測任務（eval.pl v1.9）：LAS、UAS、LA；標點不計分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cross-framework evaluation by phenomena (seed 004): recognised phenomena vs a gold list</source>
        <translation>按語言現象的跨框架評測（seed 004）：識別出的現象與標準答案清單對比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>EVALB_SPMRL (SPMRL 2013/2014 shared tasks), byte-compatible with evalb_spmrl</source>
        <translation>EVALB_SPMRL（SPMRL 2013/2014 評測任務），與 evalb_spmrl 輸出逐位元組一致</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PARSEVAL as computed by EVALB (Sekine &amp; Collins), byte-compatible with evalb 2013</source>
        <translation>EVALB（Sekine &amp; Collins）計算的 PARSEVAL，與 evalb 2013 輸出逐位元組一致</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SIGHAN-2012 Traditional Chinese parsing (Sinica): Task 4-1 parsing, Task 4-2 SRL</source>
        <translation>SIGHAN-2012 繁體中文剖析（Sinica）：任務 4-1 剖析，任務 4-2 語意角色標註</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>alignment-based PARSEVAL (Jo, Park &amp; Park 2024): jp-evalb.py&apos;s figures</source>
        <translation>基於對齊的 PARSEVAL（Jo, Park &amp; Park 2024）：jp-evalb.py 的指標</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>eval.pl-style report on CoNLL-U words (same words both sides; DEPREL subtypes compared): LAS, UAS, LA, plus CLAS; the CoNLL 2018 scorer is conll18</source>
        <translation>eval.pl 風格的 CoNLL-U 詞語報告（兩側詞語相同；比較 DEPREL 子類型）：LAS、UAS、LA 及 CLAS；CoNLL 2018 評分器見 conll18</translation>
    </message>
    <message>
        <location line="-18"/>
        <source>Official UD evaluation (eval.py of UniversalDependencies/tools, IWPT 2020/2021): the CoNLL 2018 metrics plus ELAS and EULAS on enhanced dependencies</source>
        <translation>UD 官方評測（UniversalDependencies/tools 的 eval.py，IWPT 2020/2021）：CoNLL 2018 各項指標，另加增強依存的 ELAS 與 EULAS</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>punctuation</source>
        <translation>標點</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>whole span</source>
        <translation>整句跨度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>single words</source>
        <translation>單詞跨度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>max words</source>
        <translation>最大詞數</translation>
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
        <translation>去掉根節點的</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>corpus f1</source>
        <translation>語料級 F1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>corpus precision</source>
        <translation>語料級準確率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>corpus recall</source>
        <translation>語料級召回率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sentence f1</source>
        <translation>句子級 F1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unlabeled span F1 of unsupervised parsing (variants: compound-pcfg, prpn, strict; corpus and sentence-level F1)</source>
        <translation>無監督句法分析的無標記跨度 F1（變體：compound-pcfg、prpn、strict；語料級與句子級 F1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>whose evaluation: compound-pcfg, prpn or strict</source>
        <translation>採用誰的評測：compound-pcfg、prpn 或 strict</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>keep or drop punctuation words (variant: as the variant does)</source>
        <translation>保留或去掉標點詞（變體：依所選變體）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>keep, drop or drop-root the whole-sentence span</source>
        <translation>保留、去掉或只去掉根節點的整句跨度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>keep or drop one-word spans</source>
        <translation>保留或去掉單詞跨度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>skip gold sentences longer than this (0: the variant&apos;s)</source>
        <translation>跳過超過此長度的標準句子（0：依變體）</translation>
    </message>
</context>
<context>
    <name>themes</name>
    <message>
        <location filename="../themes.py" line="+43"/>
        <source>Follow the system (light or dark)</source>
        <translation>依系統設定（淺色或深色）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Light</source>
        <translation>淺色</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>High contrast</source>
        <translation>高對比</translation>
    </message>
</context>
<context>
    <name>tree_view</name>
    <message>
        <location filename="../drawing/tree_view.py" line="+219"/>
        <source>Tree comparison</source>
        <translation>剖析樹比較</translation>
    </message>
    <message>
        <location line="+202"/>
        <source>  (no tree)</source>
        <translation>  （無剖析樹）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>   (each box: upper half = the system above, lower half = the system below)</source>
        <translation>   （每個框：上半 = 上方的系統，下半 = 下方的系統）</translation>
    </message>
    <message>
        <location line="+192"/>
        <source>category</source>
        <translation>範疇</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>function</source>
        <translation>功能標記</translation>
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
        <translation>語意角色</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>heads</source>
        <translation>中心詞</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>head child</source>
        <translation>中心子節點</translation>
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
        <translation>{side}第 {n} 個詞</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>head</source>
        <translation>中心詞</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>characters</source>
        <translation>字元位置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>segmented differently on the other side</source>
        <translation>另一側的斷詞不同</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+3"/>
        <source>not scored</source>
        <translation>不計分</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>verdict of system {name}</source>
        <translation>系統 {name} 的判定</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>verdict</source>
        <translation>判定</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>crosses a bracket of the other side</source>
        <translation>與另一側的括號交叉</translation>
    </message>
    <message>
        <location line="-24"/>
        <source>words</source>
        <translation>所含詞</translation>
    </message>
</context>
<context>
    <name>two_systems</name>
    <message>
        <location filename="../analysis/two_systems.py" line="+36"/>
        <source>— one system —</source>
        <translation>— 僅一個系統 —</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Draw a second system below the gold tree, the drawn one above it (Ctrl+Shift+T)</source>
        <translation>在標準答案樹下方繪製第二個系統，目前的系統繪於其上方（Ctrl+Shift+T）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Two systems are drawn together for constituency trees only (the arc view draws one)</source>
        <translation>只有成分剖析樹能同時繪製兩個系統（依存弧檢視只繪製一個）</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>The system drawn against the gold (Ctrl+] / Ctrl+[: next / previous); the sidebar and the table follow it</source>
        <translation>與標準答案對照繪製的系統（Ctrl+] / Ctrl+[：下一個 / 上一個）；側欄與表格隨之切換</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Drawn:</source>
        <translation>繪製：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>with:</source>
        <translation>並列：</translation>
    </message>
    <message>
        <location line="+67"/>
        <source>S&amp;ystems</source>
        <translation>系統(&amp;Y)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Draw &amp;next system</source>
        <translation>繪製下一個系統(&amp;N)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Draw &amp;previous system</source>
        <translation>繪製上一個系統(&amp;P)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Two systems against gold</source>
        <translation>兩個系統對照標準答案(&amp;T)</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>two systems are drawn together for constituency trees only</source>
        <translation>只有成分剖析樹能同時繪製兩個系統</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>SYSTEM {letter}</source>
        <translation>系統輸出 {letter}</translation>
    </message>
</context>
<context>
    <name>validator</name>
    <message>
        <location filename="../editor/validator_loop.py" line="+109"/>
        <source>&amp;Validator problems</source>
        <translation>驗證器問題(&amp;V)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What the official UD validator says about the gold file</source>
        <translation>官方 UD 驗證器對標準答案檔案的檢查結果</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Check file with the UD &amp;validator</source>
        <translation>用 UD 驗證器檢查檔案(&amp;V)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run the official UD validator on the whole gold file, edits included</source>
        <translation>用官方 UD 驗證器檢查整個標準答案檔案（包括未儲存的修改）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Next &amp;invalid sentence</source>
        <translation>下一個無效句子(&amp;I)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Next sentence the UD validator found an error in</source>
        <translation>跳到 UD 驗證器發現錯誤的下一句</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Previous in&amp;valid sentence</source>
        <translation>上一個無效句子(&amp;V)</translation>
    </message>
    <message>
        <location line="+110"/>
        <source>wait until the file is read, then check it</source>
        <translation>請等檔案讀完後再檢查</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>validator run stopped</source>
        <translation>驗證器已停止</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>UD validator not found: {why}</source>
        <translation>找不到 UD 驗證器：{why}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the UD validator failed: {why}</source>
        <translation>UD 驗證器執行失敗：{why}</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>open a CoNLL-U gold file to check it with the UD validator</source>
        <translation>請開啟一個 CoNLL-U 標準答案檔案，再用 UD 驗證器檢查</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the UD validator checks CoNLL-U files; {file} is {notation}</source>
        <translation>UD 驗證器只檢查 CoNLL-U 檔案；{file} 是 {notation} 格式</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&lt;b&gt;UD validator not found.&lt;/b&gt; {why}. Set it in Edit › Preferences (program and interpreter).</source>
        <translation>&lt;b&gt;找不到 UD 驗證器。&lt;/b&gt;{why}。請在「編輯 › 偏好設定」中設定（程式和直譯器）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>level {level}, language {lang}</source>
        <translation>層級 {level}，語言 {lang}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Checking {file} ({where})…</source>
        <translation>正在檢查 {file}（{where}）…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;b&gt;The UD validator failed:&lt;/b&gt; {why}</source>
        <translation>&lt;b&gt;UD 驗證器執行失敗：&lt;/b&gt;{why}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{file} checked at {time} ({where}): {errors} error(s) in {n} sentence(s), {warnings} warning(s)</source>
        <translation>{file} 已於 {time} 檢查（{where}）：{n} 句中有 {errors} 個錯誤，{warnings} 個警告</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Edited sentences checked ({where}): {errors} error(s), {warnings} warning(s). F7 checks the whole file.</source>
        <translation>已檢查修改過的句子（{where}）：{errors} 個錯誤，{warnings} 個警告。按 F7 檢查整個檔案。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Not checked yet ({where}). F7 checks the whole file; each edited sentence is checked as you edit.</source>
        <translation>尚未檢查（{where}）。按 F7 檢查整個檔案；每個修改過的句子會在編輯時自動檢查。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Not checked yet ({where}). F7 checks the whole file.</source>
        <translation>尚未檢查（{where}）。按 F7 檢查整個檔案。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>checking the edited sentence…</source>
        <translation>正在檢查修改過的句子…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>UD validator: {n} error(s)</source>
        <translation>UD 驗證器：{n} 個錯誤</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>no sentence has a validator error</source>
        <translation>沒有句子有驗證器錯誤</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no validator error known: F7 checks the whole file</source>
        <translation>尚無已知的驗證器錯誤：按 F7 檢查整個檔案</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The UD validator found {errors} error(s) in {n} sentence(s) of this file ({rows}). Save it anyway?</source>
        <translation>UD 驗證器在此檔案的 {n} 句中發現 {errors} 個錯誤（{rows}）。仍要儲存嗎？</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save a file with validator errors?</source>
        <translation>儲存有驗證器錯誤的檔案？</translation>
    </message>
    <message>
        <location filename="../editor/validator_marks.py" line="+43"/>
        <location filename="../editor/validator_pane.py" line="+89"/>
        <source>error</source>
        <translation>錯誤</translation>
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
        <translation>UD 驗證器</translation>
    </message>
    <message>
        <location filename="../editor/validator_pane.py" line="-69"/>
        <source>Sentence</source>
        <translation>句子</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Word</source>
        <translation>詞</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Kind</source>
        <translation>類別</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Test</source>
        <translation>檢查項目</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Message</source>
        <translation>訊息</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+27"/>
        <source>Validator problems</source>
        <translation>驗證器問題</translation>
    </message>
    <message>
        <location line="-21"/>
        <source>The UD validator has not run yet.</source>
        <translation>UD 驗證器尚未執行。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Check file (F7)</source>
        <translation>檢查檔案 (F7)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>◀ Previous</source>
        <translation>◀ 上一個</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next invalid (Ctrl+F8) ▶</source>
        <translation>下一個無效句 (Ctrl+F8) ▶</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>file</source>
        <translation>檔案</translation>
    </message>
</context>
<context>
    <name>validator_prefs</name>
    <message>
        <location filename="../editor/validator_prefs.py" line="+52"/>
        <source>UD validator (validate.py, udvalidate)</source>
        <translation>UD 驗證器（validate.py、udvalidate）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>found on PATH or as the udtools package</source>
        <translation>在 PATH 中或作為 udtools 套件尋找</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+6"/>
        <source>Browse…</source>
        <translation>瀏覽…</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>The UD validator</source>
        <translation>UD 驗證器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Program</source>
        <translation>程式(&amp;P)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a venv beside validate.py, else tcompare&apos;s Python</source>
        <translation>validate.py 旁的虛擬環境，否則用 tcompare 內建的直譯器</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Python interpreter</source>
        <translation>Python 直譯器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Interpreter</source>
        <translation>直譯器(&amp;I)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>from the file name, else ud</source>
        <translation>取自檔名，否則為 ud</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>1 CoNLL-U backbone · 2 UD format · 3 UD contents · 4 language-specific labels · 5 language-specific contents</source>
        <translation>1 CoNLL-U 基本結構 · 2 UD 格式 · 3 UD 內容 · 4 語言特定標籤 · 5 語言特定內容</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Level</source>
        <translation>層級</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>L&amp;anguage</source>
        <translation>語言(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check each edited sentence as I edit</source>
        <translation>編輯時檢查每個修改過的句子</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show warnings</source>
        <translation>顯示警告</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Warn before saving a file with validator errors</source>
        <translation>儲存有驗證器錯誤的檔案前提醒</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Not found: {why}</source>
        <translation>找不到：{why}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Runs: {command} ({origin})</source>
        <translation>執行：{command}（{origin}）</translation>
    </message>
</context>
<context>
    <name>view_host</name>
    <message>
        <location filename="../drawing/host.py" line="+156"/>
        <source> (crosses a bracket of the other tree)</source>
        <translation>（與另一棵樹的括號交叉）</translation>
    </message>
</context>
<context>
    <name>word_operations</name>
    <message>
        <location filename="../editor/word_operations.py" line="-238"/>
        <source>word edits are for dependency (CoNLL-U) sentences</source>
        <translation>詞層編輯只用於依存(CoNLL-U)句子</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>the word belongs to a later gold sentence scored with this one: go to sentence {n} to edit it</source>
        <translation>這個詞屬於與本句一起評分的後一個金標準句子：請到第 {n} 句編輯它</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>{field} of “{word}”:</source>
        <translation>「{word}」的 {field}：</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Split word</source>
        <translation>拆分詞</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Type “{word}” as two words, a space between them (a “+” between them makes a multiword token):</source>
        <translation>把「{word}」寫成兩個詞，中間用空格隔開(用「+」隔開則組成多詞形符)：</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>type exactly two words with a space between them</source>
        <translation>請輸入恰好兩個詞，中間用空格隔開</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>a multiword token needs the next word too</source>
        <translation>多詞形符還需要下一個詞</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Make multiword token</source>
        <translation>組成多詞形符</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Form of the multiword token over words {first}–{last}:</source>
        <translation>第 {first}–{last} 個詞組成的多詞形符的詞形：</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Insert empty node</source>
        <translation>插入空節點</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Form of the empty node after “{word}”:</source>
        <translation>「{word}」後的空節點的詞形：</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Its enhanced dependencies (DEPS), HEAD:relation|…:</source>
        <translation>它的增強依存(DEPS)，中心詞:關係|…：</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>this sentence has no empty node</source>
        <translation>這個句子沒有空節點</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Delete empty node</source>
        <translation>刪除空節點</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Empty node to delete:</source>
        <translation>要刪除的空節點：</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Split sentence</source>
        <translation>拆分句子</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>this is the last sentence of the file</source>
        <translation>這是檔案的最後一句</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the next sentence could not be read ({error})</source>
        <translation>無法讀取下一句({error})</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Merge with the next sentence</source>
        <translation>與下一句合併</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{edit}: the systems are paired and scored again</source>
        <translation>{edit}：已重新配對並評分各系統</translation>
    </message>
</context>
</TS>
