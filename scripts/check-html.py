#!/usr/bin/env python3
"""Checks an HTML report the way a reviewer meets it, in headless Chromium driven by Selenium:

- screenshots at 1280 and 390 CSS px wide (OUT_DIR/report-1280.png, report-390.png);
- at 390 px the page does not scroll sideways (no horizontal overflow);
- axe-core (PyPI axe-core-python, axe-core 4.4) finds no violation of its WCAG 2.0 and 2.1 A and
  AA rules (tags wcag2a, wcag2aa, wcag21a, wcag21aa);
- the filters work without a network: choosing a severity hides the other problems.

Usage: check-html.py [--no-axe] [--shot ID:FILE.png]... REPORT.html OUT_DIR
(--no-axe: screenshots, overflow and filters only — axe-core 4.4 takes minutes on the full Specs/
report's 50,000 matrix cells, so CI scans a smaller report of the same reporter for WCAG;
--shot: also a 1280-px screenshot of the element with that id, e.g. a problem `r4` or one of its
whole-screen pictures `r4-s0`, as docs/reports.md shows them.)
Exit 0 = ok, 1 = a check failed (each failure printed), 77 = Chromium, chromedriver, selenium or
axe-core-python is not installed (the test that runs this skips)."""
import os, shutil, sys

args = sys.argv[1:]
run_axe = "--no-axe" not in args
args = [a for a in args if a != "--no-axe"]
shots = []
while "--shot" in args:
    i = args.index("--shot")
    shots.append(args[i + 1].split(":", 1))
    del args[i:i + 2]
html, out = os.path.abspath(args[0]), args[1]
browser = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
driver_path = shutil.which("chromedriver")
try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.support.ui import Select
    from axe_core_python.selenium import Axe
except ImportError as e:
    print(f"skipped: {e.name} is not installed (python3 -m pip install selenium axe-core-python)")
    sys.exit(77)
if not browser or not driver_path:
    print("skipped: chromium and chromium-driver are not installed (apt-get install chromium chromium-driver)")
    sys.exit(77)

os.makedirs(out, exist_ok=True)
options = webdriver.ChromeOptions()
options.binary_location = browser
for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--disable-dev-shm-usage"]:
    options.add_argument(arg)
driver = webdriver.Chrome(service=Service(driver_path), options=options)
failures = []
try:
    driver.set_script_timeout(120)
    for width in (1280, 390):
        # The window's outer size differs from the viewport: size it so the viewport is `width` wide.
        driver.set_window_size(width, 900)
        inner = driver.execute_script("return window.innerWidth")
        driver.set_window_size(width + (width - inner), 900)
        driver.get("file://" + html)
        inner = driver.execute_script("return window.innerWidth")
        scroll = driver.execute_script("return document.documentElement.scrollWidth")
        shot = os.path.join(out, f"report-{width}.png")
        driver.save_screenshot(shot)
        print(f"{shot}: viewport {inner} px, page {scroll} px wide")
        if inner != width:
            failures.append(f"the viewport is {inner} px wide, not {width}")
        if scroll > inner:
            failures.append(f"at {width} px the page is {scroll} px wide: it scrolls sideways")
        if width == 1280:
            if shots:
                # Tall enough for a whole problem with its pictures, then back for the other checks.
                driver.set_window_size(width + (width - inner), 2400)
                for element, path in shots:
                    driver.find_element("id", element).screenshot(path)
                    print(f"{path}: #{element}")
                driver.set_window_size(width + (width - inner), 900)
    # Accessibility: axe-core's WCAG 2.0/2.1 A and AA rules, every <details> open so their content counts.
    if run_axe:
        driver.execute_script("document.querySelectorAll('details').forEach(function(d){d.open=true})")
        result = Axe().run(driver, options={"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}})
        for v in result["violations"]:
            targets = [" ".join(n["target"]) for n in v["nodes"][:3]]
            failures.append(f"axe {v['id']} ({v['impact']}): {v['help']} — {len(v['nodes'])} element(s), e.g. {targets}")
        print(f"axe-core {result.get('testEngine', {}).get('version', '?')}: {len(result['passes'])} rules pass, {len(result['violations'])} violated")
        if not result["passes"]:
            failures.append("axe-core checked nothing")
    # Filters: errors only hides every problem that is not an error.
    items = driver.find_elements("css selector", "ol.problems>li")
    if items:
        Select(driver.find_element("id", "f-sev")).select_by_visible_text("error")
        shown = [li for li in items if li.is_displayed()]
        wrong = [li.get_attribute("id") for li in shown if li.get_attribute("data-sev") != "error"]
        errors = [li for li in items if li.get_attribute("data-sev") == "error"]
        if wrong or len(shown) != len(errors):
            failures.append(f"the severity filter shows {len(shown)} problems, {len(errors)} are errors ({wrong[:3]})")
finally:
    driver.quit()

for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
