"""Help › Documentation: the manual (docs/*.md, and the README) read inside the window.

The pages are Markdown, which Qt renders (QTextBrowser); links between pages and the
screenshots they show work as on the project's site.  Where the pages live: beside the
package in a checkout, in the bundle's data folder (packaging/tcompare.spec), or under
``<prefix>/share/tcompare`` for a pip install (pyproject's data-files).
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QHBoxLayout, QListWidget,
                               QListWidgetItem, QPushButton, QTextBrowser, QVBoxLayout, QWidget)

from tcompare.gui.language import a11y
from tcompare.gui.language.i18n import tr
from tcompare.paths import RESOURCES

FIRST_PAGES = ("gui.md", "editing.md", "teaching.md", "evalb.md", "notations.md")


def documentation_folders() -> list[Path]:
    """Where the manual may be, in the order looked at."""
    return [Path(__file__).resolve().parents[3], RESOURCES.parent,
            Path(sys.prefix) / "share" / "tcompare"]


def documentation_pages() -> list[Path]:
    """The manual's pages: the window's page first, then the others, the README last."""
    for folder in documentation_folders():
        docs = folder / "docs"
        if (docs / "gui.md").is_file():
            pages = sorted(docs.glob("*.md"), key=lambda p: (p.name not in FIRST_PAGES,
                                                              FIRST_PAGES.index(p.name) if p.name in FIRST_PAGES else 0,
                                                              p.name))
            readme = folder / "README.md"
            return pages + ([readme] if readme.is_file() else [])
    for folder in documentation_folders():
        if (folder / "README.md").is_file():
            return [folder / "README.md"]
    return []


class DocumentationWindow(QDialog):
    """The manual: the pages on the left, the page shown on the right."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("documentation")
        self.setWindowTitle(tr("help_docs", "tcompare documentation"))
        self.pages = documentation_pages()
        layout = QVBoxLayout(self)
        body = QHBoxLayout()
        self.page_list = QListWidget()
        self.page_list.setObjectName("page_list")
        self.page_list.setMaximumWidth(220)
        for page in self.pages:
            item = QListWidgetItem(page.stem if page.name != "README.md" else "README")
            item.setToolTip(str(page))
            self.page_list.addItem(item)
        self.page_list.currentRowChanged.connect(self.show_page)
        body.addWidget(self.page_list)
        self.browser = QTextBrowser()
        self.browser.setObjectName("doc_browser")
        self.browser.setOpenExternalLinks(True)
        body.addWidget(self.browser, 1)
        layout.addLayout(body, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        buttons.button(QDialogButtonBox.StandardButton.Close).setText(tr("help_docs", "Close"))
        self.folder_button = QPushButton(tr("help_docs", "Open the &folder"))
        self.folder_button.setObjectName("doc_folder")
        self.folder_button.setToolTip(tr("help_docs", "Show the documentation's files in the file manager"))
        self.folder_button.clicked.connect(self.open_folder)
        buttons.addButton(self.folder_button, QDialogButtonBox.ButtonRole.ActionRole)
        layout.addWidget(buttons)
        if self.pages:
            self.page_list.setCurrentRow(0)
        else:
            self.browser.setPlainText(tr("help_docs", "The documentation is not installed with this "
                                         "copy of tcompare; it is the docs/ folder and README.md "
                                         "of the source."))
            self.folder_button.setEnabled(False)
        a11y.name_widgets(self)
        self.resize(1000, 640)

    def show_page(self, row: int) -> None:
        if 0 <= row < len(self.pages):
            # a .md source is rendered as Markdown; relative links and images resolve from it
            self.browser.setSource(QUrl.fromLocalFile(str(self.pages[row])))

    def open_folder(self) -> None:
        if self.pages:
            QDesktopServices.openUrl(QUrl.fromLocalFile(str(self.pages[0].parent)))
