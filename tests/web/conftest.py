"""Fixtures of the browser tests: one built and served page, one Chromium."""

import os
import sys
import tempfile

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import browser  # noqa: E402


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
