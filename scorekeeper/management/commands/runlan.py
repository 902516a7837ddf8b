"""Serve the app to the phones on the same Wi-Fi: bind to this machine's local address."""

import io
import os
from argparse import ArgumentParser

import segno
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand

from scorekeeper.sharing import lan_address, lan_hosts


class Command(BaseCommand):
    help = "Run the development server on the local network address and print it as a QR code."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--address", help="The address to bind (found by itself if left out).")

    def handle(self, *args, port: int, address: str | None, **options) -> None:
        address = address or lan_address()
        settings.ALLOWED_HOSTS = lan_hosts(list(settings.ALLOWED_HOSTS), address)
        url = f"http://{address}:{port}/"
        # The autoreloader runs this command again in a child process: print once, in the parent.
        if os.environ.get("RUN_MAIN") != "true":
            self.stdout.write(self.banner(url, address))
        call_command("runserver", f"{address}:{port}")

    def banner(self, url: str, address: str) -> str:
        if address == "127.0.0.1":
            return "No local network found: serving this computer only, at " + url
        code = io.StringIO()
        segno.make(url, error="m").terminal(out=code, compact=True)
        return (
            f"\nPhones on the same Wi-Fi: open {url}\nor point the camera at this code:\n\n"
            + code.getvalue()
            + "\nOver plain http the phones cannot install the app or open a page without"
            " signal,\nand the screen may sleep; a hand typed without signal is still kept and"
            " sent later.\n"
        )
