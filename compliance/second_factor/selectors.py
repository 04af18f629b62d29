"""What the second factor reads: who must give it, a person's authenticator, the demo's known keys."""

import base64
import hashlib

import qrcode
from django.conf import settings
from django_otp.oath import totp
from django_otp.plugins.otp_static.models import StaticDevice
from django_otp.plugins.otp_totp.models import TOTPDevice
from qrcode.image.svg import SvgPathImage

from compliance.models import User

# the roles that always give a second factor: whoever decides, reviews or runs the platform
ALWAYS = (User.Role.MANAGER, User.Role.REGULATOR, User.Role.ADMIN)


def second_factor_required(user) -> bool:
    """Whether `user` signs in with a second factor. An account without a password (a slot management system's) never
    signs in on the pages: its key is its credential."""
    if not user.is_authenticated or not user.has_usable_password():
        return False
    if user.role in ALWAYS:
        return True
    return user.role == User.Role.ACCOUNTANT and user.casino_id is not None and user.casino.second_facteur_caisse


def authenticator(user) -> TOTPDevice | None:
    """The person's confirmed authenticator, if they have enrolled one."""
    return TOTPDevice.objects.devices_for_user(user, confirmed=True).first()


def recovery_codes_left(user) -> int:
    device = StaticDevice.objects.devices_for_user(user, confirmed=True).first()
    return device.token_set.count() if device else 0


def provisioning(user, key_hex: str) -> dict:
    """What an authenticator app needs to enrol a new key: the otpauth:// address as a QR code (an SVG image in a data:
    address, which the pages' CSP allows), and the key in base32 for typing it by hand."""
    device = TOTPDevice(user=user, key=key_hex, name="Vigie")
    image = qrcode.make(device.config_url, image_factory=SvgPathImage, box_size=8, border=2)
    secret = base64.b32encode(bytes.fromhex(key_hex)).decode("ascii")
    return {"qr": "data:image/svg+xml;base64," + base64.b64encode(image.to_string()).decode("ascii"),
            "secret": secret, "secret_grouped": " ".join(_groups(secret, 4))}


def _groups(text: str, size: int) -> list[str]:
    return [text[index:index + size] for index in range(0, len(text), size)]


def demo_key(username: str) -> str:
    """The demo's fixed key of a person (hex, 20 bytes), the same at every load, so that testers enrol it once in an
    authenticator app. Known to anyone who reads this code: the demo only (settings.DEMO_ALLOWED)."""
    return hashlib.sha256(f"vigie-demo-otp:{username}".encode()).hexdigest()[:40]


def current_code(device: TOTPDevice) -> str:
    """The code a device shows now (the demo's command and the tests, which play the person's phone)."""
    return f"{totp(device.bin_key, device.step, device.t0, device.digits, device.drift):0{device.digits}d}"


def demo_allowed() -> bool:
    return bool(getattr(settings, "DEMO_ALLOWED", False))
