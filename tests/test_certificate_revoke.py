"""Issue 36 item 4 for the signing certificates: the platform administrator revokes one from a page, its reason
required (refused under its field otherwise), the revocation restated and done only by the confirmation's second POST,
then audited with its actor and published in the CRL. Nobody else reaches the pages; the certificates' list is in the
administrator's menu, linked from the Django admin and from the « À faire » item of a certificate near expiry."""

import datetime
import re

import pytest
from cryptography import x509
from django.urls import reverse
from django.utils import timezone

from compliance.models import AuditEvent
from compliance.reports import selectors
from compliance.reports.models import SigningCertificate
from compliance.reports.services import certificate_issue
from compliance.todo import tasks_for

pytestmark = pytest.mark.django_db

REASON = "Clé compromise : copie de la clé trouvée hors du coffre"


@pytest.fixture
def issued(world) -> SigningCertificate:
    certificate_issue(actor=world.admin, casino=world.b)
    return certificate_issue(actor=world.admin, casino=world.a)


def _revoke_url(certificate) -> str:
    return reverse("reports-certificate-revoke", kwargs={"pk": certificate.pk})


def _revocations() -> int:
    return AuditEvent.objects.filter(action="certificate_revoked").count()


def test_only_the_platform_administrator_reaches_the_certificates(world, issued, client):
    for user in (world.accountant_a, world.manager_a, world.regulator_qc):
        client.force_login(user)
        assert client.get(reverse("reports-certificates")).status_code == 403
        assert client.get(_revoke_url(issued)).status_code == 403
        assert client.post(_revoke_url(issued), {"action": "revoquer", "revoquer-reason": REASON,
                                                  "revoquer-confirme": "1"}).status_code == 403
    client.logout()
    assert client.get(reverse("reports-certificates")).status_code == 302  # to the sign-in page
    assert SigningCertificate.objects.get(pk=issued.pk).revoked_at is None and _revocations() == 0


def test_the_list_shows_each_certificate_with_its_revocation_link_and_the_menu_has_it(world, issued, client):
    client.force_login(world.admin)
    page = client.get(reverse("reports-certificates")).content.decode()
    assert f'id="certificate-{issued.serial}"' in page and _revoke_url(issued) in page
    assert world.a.name in page and world.b.name in page and "En service" in page
    assert 'data-testid="nav-count-reports-certificates"' not in page  # nothing near expiry
    assert f'href="{reverse("reports-certificates")}"' in client.get(reverse("dashboard")).content.decode()


def test_a_revocation_without_its_reason_is_refused_under_its_field(world, issued, client):
    client.force_login(world.admin)
    response = client.post(_revoke_url(issued), {"action": "revoquer", "revoquer-reason": "   "})
    page = response.content.decode()
    assert response.status_code == 200 and 'data-testid="confirmation"' not in page
    error = re.search(r'data-testid="error-reason">([^<]+)<', page)
    assert error and error.group(1) == "Donnez le motif de la révocation."
    assert SigningCertificate.objects.get(pk=issued.pk).revoked_at is None and _revocations() == 0


def test_the_revocation_is_restated_then_done_by_the_confirmation_audited_and_in_the_crl(world, issued, client):
    client.force_login(world.admin)
    first = client.post(_revoke_url(issued), {"action": "revoquer", "revoquer-reason": REASON})
    page = first.content.decode()
    assert first.status_code == 200 and 'data-testid="confirmation"' in page
    assert f"Révoquer le certificat de signature de {world.a.name}" in page
    assert issued.serial in page and REASON in page and "Il n&#x27;a signé aucun rapport." in page
    assert 'name="revoquer-confirme" value="1"' in page
    assert SigningCertificate.objects.get(pk=issued.pk).revoked_at is None and _revocations() == 0  # nothing yet

    done = client.post(_revoke_url(issued), {"action": "revoquer", "revoquer-reason": REASON,
                                             "revoquer-confirme": "1"})
    assert done.status_code == 302 and done.url == reverse("reports-certificates") + f"#certificate-{issued.serial}"
    revoked = SigningCertificate.objects.get(pk=issued.pk)
    assert revoked.revoked_by == world.admin and revoked.revocation_reason == REASON and revoked.revoked_at
    event = AuditEvent.objects.get(action="certificate_revoked")
    assert event.actor == world.admin and event.details == {"serial": issued.serial, "reason": REASON}
    crl = x509.load_der_x509_crl(selectors.crl_der())
    assert crl.get_revoked_certificate_by_serial_number(int(issued.serial, 16)) is not None
    listed = client.get(done.url).content.decode()
    assert "Révoqué" in listed and REASON in listed and _revoke_url(issued) not in listed
    other = SigningCertificate.objects.get(casino=world.b)
    assert other.revoked_at is None and _revoke_url(other) in listed

    again = client.post(_revoke_url(issued), {"action": "revoquer", "revoquer-reason": "encore",
                                              "revoquer-confirme": "1"}).content.decode()
    assert "Ce certificat est déjà révoqué depuis le" in again and _revocations() == 1
    assert not re.search(r"\d{4}-\d\d-\d\dT", again)  # its date as people write it


def test_the_expiring_certificate_s_item_and_the_admin_s_list_lead_to_the_revocation(world, issued, client):
    SigningCertificate.objects.filter(pk=issued.pk).update(not_after=timezone.now() + datetime.timedelta(days=3))
    (task,) = [t for t in tasks_for(world.admin) if t.key.startswith("certificate:")]
    assert task.url == reverse("reports-certificates") + f"#certificate-{issued.serial}"
    assert task.section == "reports-certificates"
    client.force_login(world.admin)
    page = client.get(reverse("reports-certificates")).content.decode()
    assert re.search(r'data-testid="nav-count-reports-certificates"[^>]*>1<', page)
    changelist = client.get(reverse("admin:reports_signingcertificate_changelist")).content.decode()
    assert _revoke_url(issued) in changelist
    change = client.get(reverse("admin:reports_signingcertificate_change", args=[issued.pk])).content.decode()
    assert _revoke_url(issued) in change
