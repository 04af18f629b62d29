"""The local mailbox: what `./scripts/run`'s local mail server received (aiosmtpd's Mailbox handler writes each mail
into the Maildir settings.LOCAL_MAILBOX_DIR), read back for the local mailbox page.

Each signed-in person reads the mails addressed to their own e-mail address, as in their own mail client: a demo user
who signs in as `lu.caissier` sees the digest Anne Weber received, not everyone's. The platform administrator, who
runs the server, reads them all. The page exists only where the setting names a Maildir (the run command sets it)."""

from __future__ import annotations

import mailbox
from dataclasses import dataclass
from datetime import datetime
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import getaddresses, parsedate_to_datetime
from pathlib import Path

from django.conf import settings

LIST_MAX = 200  # the latest mails; the local server keeps a run's demo digests, not a real mailbox's years


def enabled() -> bool:
    return bool(settings.LOCAL_MAILBOX_DIR)


@dataclass(frozen=True)
class Mail:
    key: str
    subject: str
    sender: str
    recipients: tuple[str, ...]  # the envelope's (RCPT TO), as the server received them; else the To and Cc headers
    date: datetime | None
    message: EmailMessage

    def part(self, subtype: str) -> str:
        """The body in text/`subtype` ("plain", "html"), or ""."""
        body = self.message.get_body(preferencelist=(subtype,))
        return body.get_content() if body is not None and body.get_content_subtype() == subtype else ""


def _box() -> mailbox.Maildir:
    return mailbox.Maildir(Path(settings.LOCAL_MAILBOX_DIR), factory=None, create=True)


def _mail(key: str, raw: bytes) -> Mail:
    message = BytesParser(policy=policy.default).parsebytes(raw)
    envelope = message.get("X-RcptTo", "")
    headers = envelope or ", ".join(str(message.get(name, "")) for name in ("To", "Cc"))
    recipients = tuple(address.lower() for _name, address in getaddresses([headers]) if address)
    try:
        date = parsedate_to_datetime(message["Date"]) if message["Date"] else None
    except (TypeError, ValueError):
        date = None
    return Mail(key=key, subject=str(message.get("Subject", "")), sender=str(message.get("From", "")),
                recipients=recipients, date=date, message=message)


def _readable(mail: Mail, user) -> bool:
    return user.is_platform_admin or bool(user.email) and user.email.lower() in mail.recipients


def mails_for(user) -> list[Mail]:
    """The mails `user` may read, the latest first."""
    box = _box()
    mails = [_mail(key, box.get_bytes(key)) for key in box.iterkeys()]
    mails = [mail for mail in mails if _readable(mail, user)]
    mails.sort(key=lambda mail: (mail.date is not None, mail.date or datetime.min), reverse=True)
    return mails[:LIST_MAX]


def mail_get(user, key: str) -> Mail | None:
    """One mail, if `user` may read it (None also for a key that is no mail)."""
    box = _box()
    try:
        mail = _mail(key, box.get_bytes(key))
    except (KeyError, ValueError):
        return None
    return mail if _readable(mail, user) else None
