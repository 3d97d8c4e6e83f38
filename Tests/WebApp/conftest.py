"""Fixtures of the web app's browser tests (pytest with pytest-playwright).

The page (/app/) is driven in Debian's Chromium (`executable_path`, never a downloaded browser) the way a
person on a phone would: by labels and button names, with a phone's viewport, user agent and touch, geolocation
granted and moved by the test, against a started seqr-server, and checked against the `seqr` command line.

Fixtures (see docs/testing.md, "Browser tests"):
- `seqr_server`: a seqr-server started once per database backend for the session: SQLite, and PostgreSQL when
  SEQR_TEST_POSTGRES_URL is set. A test marked `@pytest.mark.page_only` (it exercises the page, not the server's
  storage) runs on SQLite only.
- `start_server()`: a further, test-owned seqr-server (SQLite) that the test may stop; stopped at its end.
- `page`, `context` (pytest-playwright's): a phone-sized page (`browser_context_args`), not yet navigated, and its
  context, guarded; `new_context(server=…, **options)` makes more (another person's phone, dark mode, another geolocation…).
- `seqr_cli()`: a `seqr` command line with its own store, the other party (`SeqrCLI`); `work_dir`: a temporary
  directory of the session.
- `own_browser(args=…, ignore_default_args=…, permissions=…)`: a phone context of a Chromium launched for the
  test alone, with other command-line arguments.
- `fake_camera(pngs)`: a phone context of a Chromium of its own whose camera plays the pictures (for scanner
  tests; fake_camera.write_y4m makes the .y4m video).
- the autouse guard (`page_guard`): every context made through `new_context` logs its requests, uncaught page
  errors and CSP violations; at the end of each test any of them fails it, and after a failure every open page
  is photographed to .build/test-output/webapp-FAILED-*.png.

Environment: SEQR_BIN_DIR (default .build/debug: seqr and seqr-server), CHROMIUM (default /usr/bin/chromium),
SEQR_TEST_POSTGRES_URL.
"""
import os
import shutil
import sys
import tempfile
import uuid

import pytest
from playwright.sync_api import expect

from fake_camera import write_y4m
from webapp import CHROMIUM, CSP_LISTENER, PHONE, ROOT, SHOTS, SeqrCLI, SeqrServer

POSTGRES_URL = os.environ.get("SEQR_TEST_POSTGRES_URL")
# The machine running make test may be busy (a parallel build): waits are generous, never sleeps.
expect.set_options(timeout=15_000)


def pytest_configure(config):
    config.addinivalue_line("markers", "page_only: exercises the page, not the server's storage: runs on SQLite only")
    # pytest-playwright empties its --output folder at the start; keep it apart from the screenshots.
    if config.getoption("--output", default=None) == "test-results":
        config.option.output = os.path.join(ROOT, ".build", "test-output", "playwright")


def pytest_generate_tests(metafunc):
    if "seqr_server" in metafunc.fixturenames:
        backends = ["sqlite"]
        if POSTGRES_URL and not metafunc.definition.get_closest_marker("page_only"):
            backends.append("postgres")
        metafunc.parametrize("backend", backends, scope="session", indirect=True)


# MARK: servers and the command line

@pytest.fixture(scope="session")
def work_dir():
    directory = tempfile.mkdtemp(prefix="seqr-webapp-")
    yield directory
    shutil.rmtree(directory, ignore_errors=True)


@pytest.fixture(scope="session")
def backend(request):
    return request.param


@pytest.fixture(scope="session")
def seqr_server(backend, work_dir):
    directory = tempfile.mkdtemp(prefix=f"{backend}-", dir=work_dir)
    server = SeqrServer(directory, POSTGRES_URL if backend == "postgres" else None)
    server.backend = backend
    yield server
    server.stop()


@pytest.fixture
def start_server(work_dir):
    """Starts a seqr-server (SQLite) of the test's own, with further options if given, which it may stop; stopped at the test's end.
    `localhost=True`: at http://localhost:PORT, naming that origin (passkeys)."""
    servers = []

    def start(*extra_args, localhost=False):
        server = SeqrServer(tempfile.mkdtemp(prefix="own-", dir=work_dir), extra_args=extra_args, localhost=localhost)
        server.backend = "sqlite"
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


@pytest.fixture
def seqr_cli(seqr_server, work_dir):
    """`seqr_cli()`: a new `seqr` command line with its own store, for the session's server."""
    return lambda server=None: SeqrCLI(work_dir, server or seqr_server)


# MARK: the browser

@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    # Debian's Chromium, never a downloaded browser; no sandbox (tests run as root in a container).
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": ["--no-sandbox"]}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, **PHONE}


class PageGuard:
    """What the contexts of one test did that fails it: a request to another origin than their server's,
    an uncaught exception in a page, a CSP violation."""

    def __init__(self, test):
        self.test = test
        self.contexts = []
        self.judged = False

    def watch(self, context, server):
        context.add_init_script(CSP_LISTENER)
        context.requests = []
        context.on("request", lambda request: context.requests.append(request.url))
        context.page_errors = []
        context.on("page", lambda page: page.on("pageerror", lambda error: context.page_errors.append(f"{page.url}: {error}")))
        # Told after a failure only (what the pages said and which requests failed): a flaky wait is then explained.
        context.afterwards = []
        context.on("console", lambda msg: msg.type in ("error", "warning") and context.afterwards.append(f"console {msg.type}: {msg.text}"))
        context.on("requestfailed", lambda request: context.afterwards.append(f"request failed: {request.method} {request.url} ({request.failure})"))
        context.on("response", lambda response: response.status >= 400 and context.afterwards.append(f"answered {response.status}: {response.request.method} {response.url}"))
        context.server = server
        self.contexts.append(context)

    def problems(self):
        found = []
        for context in self.contexts:
            if context.page_errors:
                found.append(f"uncaught in the page: {context.page_errors[:3]}")
            # `context.also_allowed`: origins a test lets its pages reach besides the server's (a --map-tiles server).
            allowed = tuple(o + "/" for o in [context.server.url, *getattr(context, "also_allowed", [])])
            foreign = [u for u in context.requests if not (u.startswith(allowed) or u.startswith(("data:", "blob:")))]
            if foreign:
                found.append(f"requests to another origin: {foreign[:5]}")
            for page in context.pages:
                try:
                    violations = page.evaluate("window.__cspViolations || []")
                except Exception:
                    continue
                if violations:
                    found.append(f"CSP violations: {violations}")
        return found

    def tell(self):
        """After a failure: each context's uncaught errors, console errors and warnings and failed requests, on stderr."""
        for c, context in enumerate(self.contexts):
            for line in [*context.page_errors, *context.afterwards][-40:]:
                print(f"context {c}: {line}", file=sys.stderr)

    def photograph(self, test_name):
        os.makedirs(SHOTS, exist_ok=True)
        for c, context in enumerate(self.contexts):
            for p, page in enumerate(context.pages):
                try:
                    page.screenshot(path=os.path.join(SHOTS, f"webapp-FAILED-{test_name}-{c}-{p}.png"))
                except Exception:
                    pass


@pytest.fixture(autouse=True)
def page_guard(request):
    return PageGuard(request.node)


def _guard_verdict(page_guard):
    """Before the contexts close: photographs after a failure, then the guard's verdict (once a test)."""
    if page_guard.judged:
        return
    page_guard.judged = True
    call = getattr(page_guard.test, "rep_call", None)
    if call is not None and call.failed:
        page_guard.photograph(page_guard.test.name)
        return
    problems = page_guard.problems()
    if problems:
        page_guard.photograph(page_guard.test.name)
        pytest.fail("; ".join(problems), pytrace=False)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    """The guard's verdict as part of the test itself: a test that passed fails (not errs at teardown) on what
    its pages did; one that failed is photographed at teardown."""
    guard = item.funcargs.get("page_guard")
    try:
        result = yield
    except BaseException:
        if guard is not None:
            guard.tell()  # in the failed test's "Captured stderr call"
        raise
    if guard is not None:
        _guard_verdict(guard)
    return result


@pytest.fixture
def new_context(browser, browser_context_args, page_guard, seqr_server):
    """Like pytest-playwright's `new_context`, phone-sized and guarded, and any option may be changed
    (`color_scheme="dark"`, `geolocation=…`); `server=` names the server whose origin its pages may talk to
    (default: `seqr_server`). Closed at the test's end."""
    contexts = []

    def make(server=None, **options):
        context = browser.new_context(**{**browser_context_args, **options})
        contexts.append(context)
        page_guard.watch(context, server or seqr_server)
        return context

    yield make
    try:
        _guard_verdict(page_guard)
    finally:
        for context in contexts:
            context.close()


@pytest.fixture
def own_browser(browser_type, browser_type_launch_args, browser_context_args, page_guard, seqr_server):
    """`own_browser(args=[], ignore_default_args=[], permissions=[], server=None)`: a guarded phone context of a
    Chromium launched for this test with more command-line arguments (or without some of Playwright's:
    `ignore_default_args=["--disable-back-forward-cache"]` lets Back restore a page from the cache)."""
    browsers = []

    def launch(args=(), ignore_default_args=(), permissions=(), server=None):
        options = {**browser_type_launch_args, "args": [*browser_type_launch_args.get("args", []), *args]}
        if ignore_default_args:
            options["ignore_default_args"] = list(ignore_default_args)
        browser = browser_type.launch(**options)
        browsers.append(browser)
        context = browser.new_context(**{**browser_context_args, "permissions": [*PHONE["permissions"], *permissions]})
        page_guard.watch(context, server or seqr_server)
        return context

    yield launch
    try:
        _guard_verdict(page_guard)
    finally:
        for browser in browsers:
            browser.close()


@pytest.fixture
def fake_camera(own_browser, work_dir):
    """`fake_camera(pngs, server=None, frames_per_second=10)`: a guarded phone context of a Chromium of its own
    whose camera plays the PNG pictures in a loop (fake_camera.write_y4m; camera permission granted)."""

    def launch(pngs, server=None, frames_per_second=10):
        video = write_y4m(pngs, os.path.join(work_dir, f"camera-{uuid.uuid4().hex[:8]}.y4m"), frames_per_second)
        return own_browser(args=["--use-fake-device-for-media-stream", f"--use-file-for-fake-video-capture={video}"],
                           permissions=["camera"], server=server)

    return launch


@pytest.fixture(scope="session", autouse=True)
def _clean_failed_shots():
    os.makedirs(SHOTS, exist_ok=True)
    for name in os.listdir(SHOTS):
        if name.startswith("webapp-FAILED-"):
            os.remove(os.path.join(SHOTS, name))
