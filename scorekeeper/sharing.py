"""Bringing other phones to the table: QR codes of its links and the address on the Wi-Fi."""

import ipaddress
import socket
from functools import lru_cache

import segno
from django.utils.safestring import SafeString, mark_safe


@lru_cache(maxsize=256)
def qr_svg(url: str) -> SafeString:
    """The link as a QR code, an inline SVG that scales with its box (no style attributes).

    Drawing one takes about 10 ms, and a table's links never change: keep the recent ones.
    """
    code = segno.make(url, error="m")
    svg = code.svg_inline(border=4, omitsize=True, svgclass="qr-code", lineclass="qr-dark")
    return mark_safe(svg)  # segno writes only the path of the code, never the URL's text


def lan_address() -> str:
    """This machine's address on the local network, or 127.0.0.1 when it has none.

    Connecting a UDP socket only asks the kernel which interface routes there: no packet leaves.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, never answered
            address = probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"
    return address if is_lan_address(address) else "127.0.0.1"


def is_lan_address(address: str) -> bool:
    """A private IPv4 address another phone on the same Wi-Fi can reach."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return ip.version == 4 and ip.is_private and not ip.is_loopback and not ip.is_link_local


def lan_hosts(allowed: list[str], address: str) -> list[str]:
    """The allowed hosts with the LAN address added once."""
    return allowed if address in allowed else [*allowed, address]
