"""The interface's language: English, Simplified Chinese (zh_CN) or Traditional Chinese (zh_TW).

Every user-visible string of tcompare/gui goes through ``tr(context, text)`` (Qt's
QCoreApplication.translate, so ``make translations`` / pyside6-lupdate extracts it into
tcompare/gui/translations/tcompare_*.ts); strings that are made before they are shown (tables
of names) are marked with ``N_(context, text)`` and passed to ``tr`` at display time.

The language is chosen by `preferred`: ``--lang``, else $TCOMPARE_LANG, else the QSettings key
``ui/language`` ("system", "en", "zh_CN", "zh_TW"), else the system locale (zh_CN / zh_SG /
Hans: Simplified; zh_TW / zh_HK / zh_MO / Hant: Traditional; anything else: English).

Switching at run time (View › Language): `install` loads the new .qm and then `retranslate`
walks every window's widgets and actions and puts each text that was made by ``tr`` back
through ``tr`` in the new language (it knows the source of every text ``tr`` returned).
Texts built from a template with numbers or names are redrawn by their owners on the
LanguageChange event (the main window shows the current sentence again).
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QModelIndex, QTranslator, Qt

LANGUAGES = ("en", "zh_CN", "zh_TW")
SETTING = "ui/language"
ENV = "TCOMPARE_LANG"
FOLDER = Path(__file__).resolve().parents[1] / "translations"
# the languages' names in themselves (the View › Language menu shows them so)
NATIVE_NAMES = {"system": "", "en": "English", "zh_CN": "简体中文", "zh_TW": "繁體中文"}

_current = "en"
_translators: list[QTranslator] = []
# every text `tr` returned (in any language) -> (context, source): what `retranslate` needs
_sources: dict[str, tuple[str, str]] = {}


def tr(context: str, text: str) -> str:
    """`text` in the interface's language (``context`` groups it for the translator)."""
    shown = QCoreApplication.translate(context, text)
    _sources.setdefault(shown, (context, text))
    return shown


def N_(context: str, text: str) -> str:  # noqa: N802 (the gettext name for "mark only")
    """Marks `text` for extraction without translating it now (``tr`` it when shown)."""
    return text


def source_of(shown: str) -> tuple[str, str] | None:
    """(context, English source) of a text `tr` returned, None for any other text."""
    return _sources.get(shown)


def language_for_locale(locale: QLocale) -> str:
    """"zh_CN", "zh_TW" or "en" for a locale."""
    if locale.language() != QLocale.Language.Chinese:
        return "en"
    if locale.script() == QLocale.Script.TraditionalHanScript:
        return "zh_TW"
    if locale.script() == QLocale.Script.SimplifiedHanScript:
        return "zh_CN"
    traditional = (QLocale.Country.Taiwan, QLocale.Country.HongKong, QLocale.Country.Macau)
    return "zh_TW" if locale.territory() in traditional else "zh_CN"


def resolve(code: str | None) -> str:
    """A language code from a setting or option: "system" (or unknown) follows the locale;
    spellings such as ``zh-TW``, ``zh_Hant``, ``zh_HK`` are understood."""
    code = (code or "system").strip().replace("-", "_")
    if code in LANGUAGES:
        return code
    if code.lower() in ("en", "english", "c", "posix") or code.lower().startswith("en_"):
        return "en"
    if code.lower().startswith("zh"):
        return language_for_locale(QLocale(code))
    return language_for_locale(QLocale.system())


def preferred(settings=None, option: str | None = None) -> str:
    """The language to start in: `option` (--lang), $TCOMPARE_LANG, the setting, the system."""
    for choice in (option, os.environ.get(ENV)):
        if choice:
            return resolve(choice)
    stored = settings.value(SETTING, "system") if settings is not None else "system"
    return resolve(str(stored))


def available() -> list[tuple[str, str]]:
    """(code, name) of the languages there is a translation for, English first."""
    return [("en", NATIVE_NAMES["en"])] + [
        (code, NATIVE_NAMES[code]) for code in LANGUAGES[1:] if (FOLDER / f"tcompare_{code}.qm").is_file()]


def current() -> str:
    return _current


def install(app, code: str) -> str:
    """Make `code` ("system", "en", "zh_CN", "zh_TW") the interface's language: our .qm and
    Qt's own (dialog buttons), then every open window retranslated.  Returns the language
    used ("en" when the .qm is missing)."""
    global _current
    language = resolve(code)
    for old in _translators:
        app.removeTranslator(old)
    _translators.clear()
    if language != "en":
        ours = QTranslator(app)
        if ours.load(str(FOLDER / f"tcompare_{language}.qm")):
            qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
            for name in ("qtbase", "tcompare"):
                translator = ours if name == "tcompare" else QTranslator(app)
                if translator is ours or translator.load(f"{name}_{language}", qt_dir):
                    app.installTranslator(translator)
                    _translators.append(translator)
        else:
            language = "en"
    _current = language
    QLocale.setDefault(QLocale("zh_TW" if language == "zh_TW" else
                               "zh_CN" if language == "zh_CN" else "en_US"))
    retranslate(app)
    return language


# -- retranslating open windows ------------------------------------------------------------

def again(text: str) -> str:
    """`text` in the current language if `tr` made it (in any language), else unchanged."""
    return _again(text) or text


def _again(text: str) -> str | None:
    """`text` in the current language if `tr` made it, else None."""
    source = _sources.get(text)
    if source is None:
        return None
    new = tr(*source)
    return new if new != text else None


# widgets Qt makes and names itself once, in the language of the moment: (context, source)
QT_OWN_NAMES = {"ScrollLeftButton": ("QTabBar", "Scroll Left"),
                "ScrollRightButton": ("QTabBar", "Scroll Right")}


def _widget_changes(widget) -> list:
    """(setter, new text) for every text of `widget` that `tr` made."""
    from PySide6.QtWidgets import (QAbstractButton, QComboBox, QGroupBox, QLabel, QLineEdit,
                                   QMenu, QTabWidget, QTableWidget, QTreeWidget, QListWidget,
                                   QAbstractSpinBox, QAbstractItemView, QProgressBar)

    out: list = []

    def check(getter, setter) -> None:
        new = _again(getter())
        if new is not None:
            out.append((setter, new))

    check(widget.windowTitle, widget.setWindowTitle)
    check(widget.toolTip, widget.setToolTip)
    check(widget.statusTip, widget.setStatusTip)
    check(widget.accessibleName, widget.setAccessibleName)
    check(widget.accessibleDescription, widget.setAccessibleDescription)
    if widget.objectName() in QT_OWN_NAMES:     # (qtbase's .qm translates these)
        out.append((widget.setAccessibleName,
                    QCoreApplication.translate(*QT_OWN_NAMES[widget.objectName()])))
    if isinstance(widget, (QLabel, QAbstractButton)):
        check(widget.text, widget.setText)
    if isinstance(widget, QGroupBox):
        check(widget.title, widget.setTitle)
    if isinstance(widget, QMenu):
        check(widget.title, widget.setTitle)
    if isinstance(widget, QLineEdit):
        check(widget.placeholderText, widget.setPlaceholderText)
    if isinstance(widget, QProgressBar):
        check(widget.format, widget.setFormat)
    if isinstance(widget, QAbstractSpinBox):
        check(widget.specialValueText, widget.setSpecialValueText)
        if hasattr(widget, "suffix"):
            check(widget.suffix, widget.setSuffix)
    if isinstance(widget, QComboBox):
        for i in range(widget.count()):
            check(lambda i=i: widget.itemText(i), lambda t, i=i: widget.setItemText(i, t))
    if isinstance(widget, QTabWidget):
        for i in range(widget.count()):
            check(lambda i=i: widget.tabText(i), lambda t, i=i: widget.setTabText(i, t))
            check(lambda i=i: widget.tabToolTip(i), lambda t, i=i: widget.setTabToolTip(i, t))
    if isinstance(widget, (QTableWidget, QTreeWidget, QListWidget)):
        out += _item_changes(widget)
    elif isinstance(widget, QAbstractItemView) and widget.model() is not None:
        model = widget.model()
        out.append((lambda _t, m=model: _refresh_model(m), ""))
    return out


def _refresh_model(model) -> None:
    """Headers and cells of a model whose data() calls `tr`: ask the views to fetch again."""
    try:
        columns, rows = model.columnCount(QModelIndex()), model.rowCount(QModelIndex())
    except TypeError:         # a list model (its columnCount is private to Qt)
        return
    if columns:
        model.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, columns - 1)
    if rows and columns:
        model.dataChanged.emit(model.index(0, 0), model.index(rows - 1, columns - 1))


def _item_changes(widget) -> list:
    from PySide6.QtWidgets import QListWidget, QTableWidget, QTreeWidget, QTreeWidgetItemIterator

    out: list = []

    def item_texts(item, column=None) -> None:
        args = () if column is None else (column,)
        new = _again(item.text(*args))
        if new is not None:
            out.append((lambda t, item=item, a=args: item.setText(*a, t), new))
        new = _again(item.toolTip(*args))
        if new is not None:
            out.append((lambda t, item=item, a=args: item.setToolTip(*a, t), new))

    if isinstance(widget, QTableWidget):
        for c in range(widget.columnCount()):
            for item in (widget.horizontalHeaderItem(c),
                         *(widget.item(r, c) for r in range(widget.rowCount()))):
                if item is not None:
                    item_texts(item)
    elif isinstance(widget, QTreeWidget):
        header = widget.headerItem()
        for c in range(widget.columnCount()):
            item_texts(header, c)
        it = QTreeWidgetItemIterator(widget)
        while it.value() is not None:
            for c in range(widget.columnCount()):
                item_texts(it.value(), c)
            it += 1
    elif isinstance(widget, QListWidget):
        for r in range(widget.count()):
            item_texts(widget.item(r))
    return out


def retranslate(app) -> None:
    """Every text `tr` made in every open window, again in the current language; widgets
    first, actions last (a dock's title also resets its toggle action's text)."""
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QWidget

    widget_changes, action_changes = [], []
    seen: set[int] = set()
    for top in app.topLevelWidgets():
        for widget in (top, *top.findChildren(QWidget)):
            if id(widget) not in seen:
                seen.add(id(widget))
                widget_changes += _widget_changes(widget)
        for action in top.findChildren(QAction):
            if id(action) in seen:
                continue
            seen.add(id(action))
            for getter, setter in ((action.text, action.setText),
                                   (action.toolTip, action.setToolTip),
                                   (action.statusTip, action.setStatusTip),
                                   (action.iconText, action.setIconText)):
                new = _again(getter())
                if new is not None:
                    action_changes.append((setter, new))
    for setter, text in widget_changes + action_changes:
        setter(text)
