"""Application start-up: QApplication, main window, and the ``--screenshot`` mode.

``run(args)`` is called by `tcompare.cli.gui` with parsed arguments: gold, systems,
profile, prm, format, goto, screenshot, width, height, layout.  Without files the bundled
demo corpus (resources/demo/ptb/gold.mrg + system.mrg) is opened.

``--screenshot PNG``: load and score everything, show sentence ``--goto``, save the window
as PNG and return 0; return 1 with a message on stderr when a file cannot be read.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QEventLoop, QSettings, QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from tcompare.gui.drawing.tree_view import TreeComparisonView

SCREENSHOT_TIMEOUT_MS = 10 * 60 * 1000
MIN_PICTURE_ZOOM = 0.8


DESKTOP_ID = "io.github.tcompare.tcompare"
GUI_SWITCH_INTERVAL = 0.0005     # seconds; see `application`


def application() -> QApplication:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    # Every Python slot Qt calls must take the GIL from the loader thread; with the default
    # 5 ms switch interval a busy loader made each such call wait (the table filled 2x slower)
    sys.setswitchinterval(GUI_SWITCH_INTERVAL)
    app.setApplicationName("tcompare")
    app.setOrganizationName("tcompare")
    # the installed desktop entry and icon (packaging/share): Wayland matches the window to
    # the entry by this name; X11 panels take the window icon
    app.setDesktopFileName(DESKTOP_ID)
    if QIcon.hasThemeIcon(DESKTOP_ID):
        app.setWindowIcon(QIcon.fromTheme(DESKTOP_ID))
    try:
        from tcompare.gui.fonts import ui_font

        app.setFont(ui_font())  # tables and labels show Chinese words as glyphs too
    except Exception:
        pass
    return app  # type: ignore[return-value]


def make_window(args, settings: QSettings | None = None):
    """A MainWindow with `args`' files opening (nothing blocks), in the language of
    ``--lang``, $TCOMPARE_LANG, the setting ``ui/language`` or the system."""
    from tcompare.gui.language import i18n
    from tcompare.gui.shell.window import MainWindow

    chosen = settings if settings is not None else QSettings("tcompare", "tcompare")
    i18n.install(application(), i18n.preferred(chosen, getattr(args, "lang", None)))
    window = MainWindow(settings)
    if getattr(args, "layout", None):
        window.set_layout_mode(args.layout)
    from tcompare.gui.shell.totals_file import load_request

    request = load_request(args)       # (the files `--totals` loads without a window too)
    goto = getattr(args, "goto", None)
    window.preferences.from_command_line(request.profile, request.options.get("prm"))
    window.open_files(request.gold, request.systems, request.notation, request.profile,
                      request.options, request.goto)
    if not args.gold and goto is None:
        open_on_a_difference(window)
    return window


def open_on_a_difference(window) -> None:
    """Once scored, show the first sentence where gold and system disagree: the demo's first
    sentence is a perfect match, which shows a newcomer nothing."""
    def go() -> None:
        window.session.scored.disconnect(go)
        s = window.session
        first = s.result(0, 0) if s.row_count else None
        if first is not None and s.profile is not None and not s.profile.disagrees(first):
            window.go_to(1)
            window.next_error()
    window.session.scored.connect(go)


def fit_to_screen(window, settings: QSettings) -> None:
    """The size and place the user left the window at, else most of the screen (at most
    1600 x 1000): a fixed 1600 x 1000 fell off a 1280 x 720 screen."""
    saved = settings.value("geometry")
    if saved is not None and window.restoreGeometry(saved):
        return
    screen = window.screen().availableGeometry() if window.screen() is not None else None
    if screen is None or screen.width() <= 0:
        window.resize(1600, 1000)
        return
    width = min(1600, int(screen.width() * 0.9))
    height = min(1000, int(screen.height() * 0.9))
    window.resize(width, height)
    window.move(screen.x() + (screen.width() - width) // 2,
                screen.y() + (screen.height() - height) // 2)


def wait_until_loaded(window, timeout_ms: int = SCREENSHOT_TIMEOUT_MS) -> bool:
    """Run the event loop until every row is scored (the session is no longer busy; the
    rows' words may still be read in the background). False on timeout."""
    if not window.session.busy:
        return True
    loop = QEventLoop()
    window.session.finished.connect(loop.quit)
    window.session.scored.connect(loop.quit)
    QTimer.singleShot(timeout_ms, loop.quit)
    loop.exec()
    QApplication.processEvents()
    return not window.session.busy


def fit_for_picture(window) -> None:
    """Fit the sentence pair into the view, but never below MIN_PICTURE_ZOOM: a long
    sentence is better cut off (scroll bars show it) than drawn too small to read."""
    view = window.view
    view.zoom_fit()
    if isinstance(view, TreeComparisonView) and view.zoom() < MIN_PICTURE_ZOOM:
        view.set_zoom(MIN_PICTURE_ZOOM)
        view.reveal_start()  # the cut-off picture starts at the first words


def screenshot(window, path: str) -> int:
    """Wait for loading, draw, and save the window to `path`. Returns the exit code."""
    app = QApplication.instance()
    wait_until_loaded(window)
    if window.last_error:
        print(f"tcompare: {window.last_error}", file=sys.stderr)
        return 1
    window.refresh_summary()   # the final totals (and the sidebar width they need) before fitting
    for _ in range(3):
        app.processEvents()
    fit_for_picture(window)
    app.processEvents()
    from tcompare.gui.drawing.scene_export import image_bytes, write_bytes

    image = window.grab().toImage()
    try:        # encoded in memory, then written atomically (the format from the suffix)
        write_bytes(path, image_bytes(image, Path(path).suffix[1:].upper() or "PNG"))
    except OSError as exc:
        print(f"tcompare: cannot write {path}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    return 0


def run(args) -> int:
    app = application()
    shot = getattr(args, "screenshot", None)
    settings = None
    if shot:
        # a screenshot must not depend on (or change) the user's remembered settings
        scratch = tempfile.mkdtemp(prefix="tcompare-shot-")
        settings = QSettings(str(Path(scratch) / "settings.ini"), QSettings.Format.IniFormat)
    window = make_window(args, settings)
    if shot:
        window.resize(getattr(args, "width", 1600), getattr(args, "height", 1000))
    else:
        fit_to_screen(window, window.settings)
    if shot:
        window.interactive = False
        window.show()
        code = screenshot(window, shot)
        if code == 0 and getattr(args, "totals", None):
            from tcompare.gui.shell.totals_file import write_totals

            code = write_totals(args, window.session.workspace)
        window.close()
        settings.sync()
        shutil.rmtree(scratch, ignore_errors=True)
        return code
    window.show()
    return app.exec()
