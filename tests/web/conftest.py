"""Fixtures of the browser tests: one built and served page, one Chromium."""

import tempfile

import pytest

from host.web import chromium as browser


@pytest.fixture(scope="session")
def site():
    problem = browser.missing()
    if problem:
        if browser.required():
            pytest.fail("the browser tests must run on CI: " + problem)
        pytest.skip("no browser here: " + problem)
    s = browser.Site()
    yield s
    s.close()


@pytest.fixture(scope="session")
def driver(site):
    with tempfile.TemporaryDirectory(prefix="ccp-chromium-") as profile:
        d = browser.start_browser(profile)
        try:
            yield d
        finally:
            d.quit()


@pytest.fixture
def page(driver, site):
    return browser.Page(driver, site.origin)
