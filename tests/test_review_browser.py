"""review.html in a real browser: headless Chromium driven by selenium.

The demo writes its review page; a script clicks accept / edit / delete, saves the
decisions (a download), and ``review import`` applies them.  Needs Debian's
``chromium`` and ``chromium-driver`` and the ``selenium`` package (``.ci/run`` installs
them where it can); skipped with the reason where any is missing.

``TEA_REVIEW_SCREENSHOT=docs/review.png`` keeps a screenshot of the page after the clicks
(the one in the README is made so).
"""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pytest

from tea_solver.cli import main
from tea_solver.io import dump_checklist, write_atomic
from tea_solver.review import export_review, import_review

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--window-size=1200,1300")

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed "
                                "(pip install selenium)")
pytestmark = pytest.mark.skipif(not (CHROMIUM and DRIVER), reason="needs Debian's chromium and "
                                "chromium-driver (apt-get install chromium chromium-driver)")

from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402


@pytest.fixture
def browser(tmp_path):
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument("--user-data-dir=%s" % (tmp_path / "profile"))
    options.add_experimental_option("prefs", {"download.default_directory": str(downloads),
                                              "download.prompt_for_download": False})
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.downloads = downloads
    yield driver
    driver.quit()


def card(driver, tid):
    return driver.find_element(By.CSS_SELECTOR, 'article.tpl[data-id="%s"]' % tid)


def wait_for_download(directory: Path, timeout: float = 20.0) -> Path:
    """The downloaded JSON file, once Chromium has finished writing it.

    Chromium reserves the final name with an empty file, writes into a
    ``.crdownload`` beside it and renames that over the placeholder at the
    end; a file that merely exists may still be empty.  Finished means: no
    ``.crdownload`` left and the file's text is a whole JSON document.
    """
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        pending = [p for p in directory.iterdir() if p.suffix == ".crdownload"]
        done = [p for p in directory.iterdir() if p.suffix == ".json"]
        if done and not pending:
            try:
                json.loads(done[0].read_text(encoding="utf-8"))
            except ValueError:
                pass                                     # still being written
            else:
                return done[0]
        time.sleep(0.1)
    raise AssertionError("no finished download in %s" % directory)


def test_demo_page_accept_edit_delete_save_import(browser, tmp_path, capsys):
    review_dir = tmp_path / "demo"
    assert main(["demo", "--review-dir", str(review_dir)]) == 0
    printed = capsys.readouterr().out
    page = review_dir / "hi" / "review.html"
    assert str(page) in printed                      # the demo prints the page's path
    browser.get(page.as_uri())
    assert browser.find_element(By.TAG_NAME, "body").get_attribute("data-ready") is not None
    counts = browser.find_element(By.ID, "counts")
    assert counts.text.startswith("6 templates") and "6 pending" in counts.text

    card(browser, "demo-neg-001#0").find_element(By.CSS_SELECTOR, "button.accept").click()
    card(browser, "demo-vocab-001#2").find_element(By.CSS_SELECTOR, "button.delete").click()
    # edit: drop the first noun of the feminine template (its lexicon textarea)
    target_card = card(browser, "demo-vocab-001#0")
    target_card.find_element(By.CSS_SELECTOR, "button.edit").click()
    area = target_card.find_element(By.CSS_SELECTOR, 'textarea[data-name="air_noun"]')
    lines = area.get_property("value").split("\n")
    area.clear()
    area.send_keys("\n".join(lines[1:]))
    target_card.find_element(By.CSS_SELECTOR, "button.save-edit").click()
    assert "1 accepted" in counts.text and "1 edited" in counts.text and "1 deleted" in counts.text
    assert "edit" in card(browser, "demo-vocab-001#0").get_attribute("class")
    if os.environ.get("TEA_REVIEW_SCREENSHOT"):
        browser.execute_script("window.scrollTo(0, 0)")
        browser.save_screenshot(os.environ["TEA_REVIEW_SCREENSHOT"])

    browser.find_element(By.ID, "save").click()
    decisions = wait_for_download(browser.downloads)
    saved = json.loads(decisions.read_text(encoding="utf-8"))
    assert {d["id"]: d["action"] for d in saved["decisions"]} == {
        "demo-neg-001#0": "accept", "demo-vocab-001#2": "delete", "demo-vocab-001#0": "edit"}

    verified = tmp_path / "verified.json"
    assert main(["review", "import", str(review_dir / "hi.json"), str(decisions),
                 "-o", str(verified)]) == 0
    err = capsys.readouterr().err
    doc = json.loads(verified.read_text(encoding="utf-8"))
    ids = [t["id"] for t in doc["templates"]]
    assert "demo-vocab-001#2" not in ids
    edited = next(t for t in doc["templates"] if t["id"] == "demo-vocab-001#0")
    assert edited["lexicons"]["air_noun"] == lines[1:]
    row = next(r for r in doc["report"]["verification"]["templates"]
               if r["id"] == "demo-vocab-001#0")
    # the instances of the dropped noun are exactly what the edit no longer generates
    assert row["lost"] and all(lines[0] in target for iid, target in saved["decisions"][
        [d["id"] for d in saved["decisions"]].index("demo-vocab-001#0")]["covered"]
        if iid in row["lost"])
    assert "no longer generates" in err


def test_right_to_left_text_is_shown_right_to_left(browser, tmp_path):
    doc = {"format": "tea-checklist/1", "lang": "ar", "lexicons": {},
           "templates": [{"id": "g#0", "template": "{name} أطول من {name1}.", "support": 4,
                          "source_template_id": "g",
                          "lexicons": {"name": ["أحمد", "مريم", "Omar"]}}]}
    target = tmp_path / "ar.json"
    write_atomic(target, dump_checklist(doc))
    res = export_review(str(target), str(tmp_path / "r"))
    browser.get(Path(res.html).as_uri())
    direction = "return getComputedStyle(arguments[0]).direction"
    text = browser.find_element(By.CSS_SELECTOR, "article.tpl .ttext")
    assert browser.execute_script(direction, text) == "rtl"
    assert browser.execute_script(direction, browser.find_element(By.ID, "counts")) == "ltr"
    values = browser.find_elements(By.CSS_SELECTOR, "article.tpl .val")
    assert [browser.execute_script(direction, v) for v in values] == ["rtl", "rtl", "ltr"]
    # the slot keeps its braces together inside the right-to-left text
    assert text.find_element(By.CSS_SELECTOR, ".slot").text == "{name}"


def test_a_thousand_templates_stay_usable(browser, tmp_path):
    templates = []
    for g in range(100):
        for k in range(10):
            templates.append({"id": "g%03d#%d" % (g, k), "source_template_id": "g%03d" % g,
                              "template": "{name} word%d of group %d {adj}." % (k, g),
                              "support": 1 + k,
                              "lexicons": {"name": ["A%d" % i for i in range(8)],
                                           "adj": ["b%d" % i for i in range(6)]}})
    doc = {"format": "tea-checklist/1", "lang": "xx", "lexicons": {}, "templates": templates}
    target = tmp_path / "big.json"
    write_atomic(target, dump_checklist(doc))
    res = export_review(str(target), str(tmp_path / "r"))
    start = time.perf_counter()
    browser.get(Path(res.html).as_uri())
    loaded = time.perf_counter() - start
    assert len(browser.find_elements(By.CSS_SELECTOR, "article.tpl")) == 1000
    last = card(browser, "g099#9")
    browser.execute_script("arguments[0].scrollIntoView()", last)
    last.find_element(By.CSS_SELECTOR, "button.delete").click()
    box = browser.find_element(By.ID, "filter")
    box.send_keys("group 42 ")
    time.sleep(0.4)
    shown = [a for a in browser.find_elements(By.CSS_SELECTOR, "article.tpl")
             if a.is_displayed()]
    assert len(shown) == 10
    browser.find_element(By.ID, "accept-shown").click()
    counts = browser.find_element(By.ID, "counts").text
    assert "10 accepted" in counts and "1 deleted" in counts and "989 pending" in counts
    print("1,000 templates: page %.0f KB, loaded and rendered in %.2f s"
          % (os.path.getsize(res.html) / 1024, loaded))
    browser.find_element(By.ID, "save").click()
    decisions = wait_for_download(browser.downloads)
    out = import_review(str(target), str(decisions), str(tmp_path / "v.json"))
    assert out.counts == {"accept": 10, "edit": 0, "delete": 1, "pending": 989}
