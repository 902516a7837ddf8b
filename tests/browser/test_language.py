"""A phone set to Spanish plays in Spanish, and the footer switch to Swedish sticks."""

import pytest
from playwright.sync_api import Browser, Page, Playwright, expect

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("fresh_catalogues")]


@pytest.fixture
def spanish_phone(browser: Browser, playwright: Playwright):
    context = browser.new_context(**playwright.devices["Pixel 7"], locale="es-ES")
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda msg: problems.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    yield page
    context.close()
    assert problems == []


def test_a_spanish_phone_plays_in_spanish_and_switches_to_swedish(live_server, spanish_phone: Page):
    page = spanish_phone
    page.goto(live_server.url)
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.get_by_role("heading", level=1)).to_have_text("Lleva los tantos de tu mesa")

    page.goto(live_server.url + "/new")  # the full setup; home starts a table with names only
    expect(page.get_by_role("heading", level=1)).to_have_text("Mesa nueva")
    for number, name in enumerate(("Alice", "Ben", "Cara", "Dev"), 1):
        page.fill(f"#id_player_{number}", name)
    page.get_by_role("button", name="Empezar la partida").click()

    expect(page.get_by_text("¿Quién dominó?")).to_be_visible()
    expect(page.get_by_test_id("lead")).to_have_text("Sale el doble seis")
    expect(page.locator(".hand-no")).to_have_text("Mano 1")
    page.locator("#entry .outs").get_by_role("link", name="Alice", exact=True).tap()
    page.get_by_role("link", name="Por mano").tap()
    expect(page.get_by_text("Puntos que quedaron en las otras manos:")).to_be_visible()
    for name, pips in {"Ben": 20, "Cara": 10, "Dev": 14}.items():
        page.get_by_label(name, exact=True).fill(str(pips))
    expect(page.locator("#preview")).to_contain_text(
        "44 para Alice y Cara: Alice dominó; cuentan todas las demás manos: 20 + 10 + 14."
    )
    page.get_by_role("button", name="Anotar mano").tap()

    expect(page.locator(".msg")).to_have_text("Mano 1 anotada.")
    expect(page.get_by_test_id("total-0")).to_have_text("44")
    expect(page.get_by_test_id("lead")).to_have_text("Sale Alice")
    expect(page.locator(".side-to-go").first).to_have_text("faltan 156")
    expect(page.get_by_role("heading", name="Planilla")).to_be_visible()

    page.locator("footer").get_by_role("button", name="Svenska").tap()
    expect(page.locator("html")).to_have_attribute("lang", "sv")
    expect(page.get_by_text("Vem gick ut?")).to_be_visible()
    expect(page.get_by_test_id("lead")).to_have_text("Alice spelar ut")
    expect(page.locator(".hand-no")).to_have_text("Omgång 2")

    page.get_by_role("link", name="Bord", exact=True).tap()
    expect(page.get_by_role("heading", name="Partier")).to_be_visible()
    page.goto(live_server.url + "/help")
    expect(page.get_by_role("heading", level=1)).to_have_text("Så räknas poängen")
    page.goto(live_server.url)
    expect(page.get_by_role("heading", level=1)).to_have_text("Håll räkningen vid ert bord")
    expect(page.get_by_role("heading", name="Dina bord")).to_be_visible()


def test_spanish_setup_joins_partners_with_e_before_an_i_sound(live_server, spanish_phone: Page):
    page = spanish_phone
    page.goto(live_server.url + "/new")
    for number, name in enumerate(("Ana", "Ben", "Isabel", "Dev"), 1):
        page.fill(f"#id_player_{number}", name)
    expect(page.locator("[data-partners]")).to_contain_text("Ana e Isabel  ·  Ben y Dev")
