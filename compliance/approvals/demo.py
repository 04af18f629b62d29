"""The demo's approval requests: at each demo casino, requests in every state of their life
(compliance/approvals/workflow.py), spread over the kinds its jurisdiction has, each step taken through the services
by the casino's management or the regulator of its jurisdiction, so every step is in the casino's register of
approvals. The items' dates are counted from the casino's today, so the demo stays current.

Each kind as its power gives it (compliance/approvals/kinds.py): no request where the texts give the authority no
power (the RGD's pay tables in Luxembourg), no filing for a publication (QC 120, 125).

- Casino de la Moselle (LU), authorisations: a side bet authorised, then authorised again under conditions (the
  first superseded), a refurbished machine refused (its firm not approved), a paid tournament's rules approved (by
  their digest), another withdrawn, another's approval revoked, a semi-automatic roulette under review after the
  ministry's question, a link of the progressive jackpot in draft; notices: a machine put back into service
  acknowledged, a jackpot stop announced 9 days ahead objected to (15 days, art. 49-11); a document produced: the card
  system's certificate (in effect from its production, a question waiting for the casino). The kinds of issue 39
  (la_moselle_kinds): tickets as another means of payment approved under conditions (art. 62 al. 2 d)), value plaques
  and chips asked about (37-1 al. 8), shuffler cards (7-1 al. 2) and the bad beat's table machine (49-13 al. 5)
  approved, the bad beat's voluntary stop announced 20 days ahead, acknowledged and recorded by its reference in the
  bad beat's register (49-14 al. 2), and a refurbished machine approved then installed under that approval (17 al. 2
  5°).
- Casino du Lac-Bleu (QC): the wheel of fortune published on the casino's public page twice (art. 120, dated by
  Vigie); proposals of changes to pay tables of the Règles, on which the Régie gives its opinion (favourable,
  unfavourable, waiting for an answer, answered, withdrawn, in draft) — the tables in force stay the Règles'.
- Casino des Rochers (MC): notices to the « autorité concédante » of changes to the TRIPS pay table of the Ultimate
  Texas Hold'em, each in effect from the date the casino declared: acknowledged (one once the authority has recorded
  which reading of « POUR » it retains), objected to, waiting for an answer, answered, notified after it took
  effect, withdrawn, in draft."""

import datetime
import hashlib
from collections.abc import Callable
from datetime import timedelta
from zoneinfo import ZoneInfo

from django.db import transaction
from django.utils import timezone

from compliance.models import Casino, User
from compliance.profiles import concept
from registers.appareils.services import appareil_install
from registers.poker.services import bad_beat_notice

from . import checks
from .kinds import form_of
from .models import ApprovalRequest, RequestFinding
from .services import (
    finding_add,
    request_answer,
    request_ask,
    request_attach,
    request_create,
    request_decide,
    request_file,
    request_revoke,
    request_withdraw,
    wheel_publish,
)

USERS = {"la-moselle": ("lu.direction", "lu.ministere"), "lac-bleu": ("qc.direction", "qc.regie"),
         "les-rochers": ("mc.direction", "mc.commission")}


def pdf(title: str, *lines: str) -> bytes:
    """A one-page PDF (Helvetica, WinAnsi) with the document's title and a few lines: an attachment that opens."""
    def escaped(text: str) -> str:
        return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")

    commands = ["BT", "/F1 14 Tf", "56 780 Td", f"({escaped(title)}) Tj", "/F1 10 Tf"]
    for line in lines:
        commands += ["0 -18 Td", f"({escaped(line)}) Tj"]
    stream = "\n".join([*commands, "ET"]).encode("cp1252", errors="replace")
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> "
               b"/Contents 5 0 R >>",
               b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
               b"<< /Length %d >>\nstream\n%s\nendstream" % (len(stream), stream)]
    out, offsets = bytearray(b"%PDF-1.4\n"), []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def french(rate: str) -> str:
    """A rate as the checks write it (« 97.34 % ») as a French sentence writes it (« 97,34 % »)."""
    return rate.replace(".", ",")


class Demo:
    """One casino's requests: its manager drafts, attaches, files, answers and withdraws; its regulator asks, notes,
    decides and revokes."""

    def __init__(self, casino: Casino, manager: User, regulator: User):
        self.casino, self.manager, self.regulator = casino, manager, regulator
        self.today = casino.today()

    def cite(self, kind: str) -> str:
        """The article a kind rests on, as the rule data cites it (people write it in their reasons)."""
        return form_of(kind, self.casino, self.casino.today()).citation

    def day(self, days: int) -> str:
        return (self.today + timedelta(days=days)).isoformat()

    def on(self, days: int) -> datetime.date:
        return self.today + timedelta(days=days)

    def draft(self, kind: str, title: str, items: dict, files: tuple = ()) -> ApprovalRequest:
        request = request_create(actor=self.manager, casino=self.casino, kind=kind, items=items, title=title)
        for item, filename, content in files:
            request_attach(actor=self.manager, request=request, item=item, filename=filename, content=content)
        return request

    def filed(self, kind: str, title: str, items: dict, files: tuple = ()) -> ApprovalRequest:
        return request_file(actor=self.manager, request=self.draft(kind, title, items, files))

    def ask(self, request: ApprovalRequest, question: str) -> ApprovalRequest:
        return request_ask(actor=self.regulator, request=request, question=question)

    def answer(self, request: ApprovalRequest, answer: str, items: dict | None = None,
               files: tuple = ()) -> ApprovalRequest:
        for item, filename, content in files:
            request_attach(actor=self.manager, request=request, item=item, filename=filename, content=content)
        return request_answer(actor=self.manager, request=request, answer=answer, items=items)

    def approve(self, request: ApprovalRequest, *, reason: str = "", conditions: str = "",
                effective: int = 0) -> ApprovalRequest:
        decision = "approuver_sous_conditions" if conditions else "approuver"
        return request_decide(actor=self.regulator, request=request, decision=decision, reason=reason,
                              conditions=conditions, effective_from=self.on(effective))

    def act(self, request: ApprovalRequest, decision: str, reason: str = "") -> ApprovalRequest:
        """An opinion (« avis_favorable », « avis_defavorable »), an acknowledgement or an objection."""
        return request_decide(actor=self.regulator, request=request, decision=decision, reason=reason)

    def refuse(self, request: ApprovalRequest, reason: str) -> ApprovalRequest:
        return request_decide(actor=self.regulator, request=request, decision="refuser", reason=reason)

    def revoke(self, request: ApprovalRequest, reason: str) -> ApprovalRequest:
        return request_revoke(actor=self.regulator, request=request, reason=reason)

    def withdraw(self, request: ApprovalRequest, reason: str) -> ApprovalRequest:
        return request_withdraw(actor=self.manager, request=request, reason=reason)

    def note(self, request: ApprovalRequest, severity: str, message_fr: str, message_en: str, found: str = "",
             required: str = "", citation: str = "") -> RequestFinding:
        citation = citation or form_of(request.kind, self.casino, self.today).citation
        return finding_add(actor=self.regulator, request=request, citation=citation, severity=severity,
                           message_fr=message_fr, message_en=message_en, found=found, required=required)


# --- Casino de la Moselle (LU) -------------------------------------------------------------------------------------

def rules_pdf(name: str, *lines: str) -> tuple[bytes, str]:
    """A tournament's rules as a PDF, and the digest its approval is matched by."""
    content = pdf(f"Règlement du {name}", *lines)
    return content, hashlib.sha256(content).hexdigest()


def la_moselle(demo: Demo) -> None:
    paire_plus = {"nom": "Paire Plus", "jeu_de_base": "Casino hold'em poker", "taux_retour": "0.9632",
                  "conditions": "Mise facultative de 1 € à 25 €, placée avant la donne avec la mise initiale ; "
                                "gagnante si les deux cartes du joueur forment une paire ou mieux avec les trois "
                                "premières cartes communes, quelle que soit la main du croupier ; table de paiement "
                                "affichée à chaque table."}
    rules = (("regles", "regles-paire-plus.pdf", pdf(
        "Règles de la mise annexe « Paire Plus »", "Jeu de base : Casino hold'em poker.",
        "Mise de 1 € à 25 €, placée avant la donne.", "Paire : 1 à 1 ; deux paires : 2 à 1 ; brelan : 3 à 1 ;",
        "suite : 6 à 1 ; couleur : 10 à 1 ; full : 20 à 1 ; carré : 40 à 1 ; quinte flush : 100 à 1.")),)
    first = demo.filed("jeu_annexe", "Mise annexe « Paire Plus » au Casino hold'em poker", paire_plus, files=rules)
    demo.approve(first)
    side_bet = demo.filed("jeu_annexe", "Mise annexe « Paire Plus » : conditions de fonctionnement révisées",
                          {**paire_plus, "conditions": paire_plus["conditions"] + " Mise maximale portée à 50 €."},
                          files=rules)
    demo.approve(side_bet, conditions="Mise maximale de 10 € pendant les six premiers mois d'exploitation ; relevé "
                                      "mensuel des mises, des gains et du taux de retour observé transmis au Ministère "
                                      "des Finances pendant la même durée ; table de paiement affichée sur le tapis.")
    refurbished = demo.filed("appareil_remis_a_neuf", "Mise en service de l'appareil usagé remis à neuf LM-009", {
        "numero_serie": "LM-009", "entreprise": "Saar-Mosel Spieltechnik GmbH",
        "agrement_entreprise": "Demande d'agrément déposée le mois dernier, dossier MF/AG/2026-031"},
        files=(("certificat", "certificat-remise-a-neuf-LM-009.pdf", pdf(
            "Certificat de remise à neuf", "Appareil : Novomatic, numéro de série LM-009.",
            "Remis à neuf par Saar-Mosel Spieltechnik GmbH.", "Carte mère, monnayeur et écrans remplacés.")),))
    demo.note(refurbished, RequestFinding.Severity.BLOCKING,
              "L'entreprise qui a remis l'appareil à neuf n'est pas agréée par le Ministre : sa demande d'agrément "
              "est en cours d'instruction.",
              "The firm that refurbished the machine is not approved by the Minister: its application is still "
              "being examined.", found="Agrément demandé (MF/AG/2026-031)", required="Entreprise agréée")
    demo.refuse(refurbished, "Un appareil usagé n'est mis en service que remis à neuf par une entreprise agréée par le "
                             f"Ministre ({demo.cite('appareil_remis_a_neuf')}) ; une nouvelle demande pourra être "
                             "déposée une fois l'agrément de l'entreprise accordé.")

    def tournament(name: str, start: int, modalites: str, *lines: str) -> ApprovalRequest:
        content, digest = rules_pdf(name, *lines)
        return demo.filed("tournoi", name, {"nom": name, "date_debut": demo.day(start), "modalites": modalites,
                                            "empreinte_regles": digest},
                          files=(("reglement", f"reglement-{digest[:8]}.pdf", content),))

    omaha = tournament("Tournoi d'Omaha de la Moselle", 30, "Droit d'entrée de 80 €, dont 10 € de frais ; 60 places ; "
                       "Omaha pot-limit, niveaux de 20 minutes ; les lots sont la totalité des droits d'entrée nets, "
                       "aux huit premiers.", "Droit d'entrée : 80 €, dont 10 € de frais.",
                       "Structure : Omaha pot-limit, niveaux de 20 minutes.")
    demo.withdraw(omaha, "Tournoi reporté : la salle de poker sera en travaux aux dates prévues. Une nouvelle demande "
                         "sera déposée avec les nouvelles dates.")
    masters = tournament("Masters de Texas hold'em de la Moselle", 12, "Droit d'entrée de 100 €, dont 12 € de frais ; "
                         "90 places ; no-limit, niveaux de 30 minutes ; lots garantis de 8 000 €, aux douze premiers.",
                         "Droit d'entrée : 100 €, dont 12 € de frais.", "Lots garantis : 8 000 €, aux douze premiers.")
    demo.approve(masters)
    demo.revoke(masters, "Le tournoi a été annoncé au public avec un droit d'entrée de 150 € et des lots de 12 000 €, "
                         "et non selon le règlement agréé : l'agrément est révoqué jusqu'au dépôt d'un règlement "
                         f"conforme à ce qui est annoncé ({demo.cite('tournoi')}).")
    monthly = tournament("Tournoi mensuel de Texas hold'em", 20, "Droit d'entrée de 50 €, dont 5 € de frais ; 40 "
                         "places ; no-limit, niveaux de 20 minutes ; lots : droits d'entrée nets, aux cinq premiers.",
                         "Droit d'entrée : 50 €, dont 5 € de frais.", "Lots : droits d'entrée nets, aux cinq premiers.")
    demo.approve(monthly)
    machine = demo.filed("etat_appareil", "Remise en service de l'appareil LM-003", {
        "numero_serie": "LM-003", "evenement": "remis en service", "date_evenement": demo.day(3)})
    demo.act(machine, "accuser_reception")
    cards = demo.filed("systeme_cartes", "Certificat du système de cartes de jeu GamingCard 5.2", {
        "fournisseur": "Cashless Systems Europe S.à r.l.", "systeme": "GamingCard 5.2",
        "mise_en_service": demo.day(20)},
        files=(("certificat", "certificat-conformite-gamingcard.pdf", pdf(
            "Certificat de conformité", "Système : GamingCard, version 5.1.",
            "Fournisseur : Cashless Systems Europe S.à r.l.", "Conforme aux articles 3-1 à 3-4.")),))
    demo.ask(cards, "Le certificat produit porte sur la version 5.1 du système. Veuillez produire le certificat de "
                    "conformité du fournisseur pour la version 5.2 que vous mettrez en service, ou son attestation "
                    "que la version 5.2 ne modifie aucune des fonctions certifiées.")
    roulette = demo.filed("semi_automatique", "Agrément de la roulette semi-automatique Interblock", {
        "marques": "Interblock", "taux_redistribution": "0.973",
        "deroulement": "Roulette à cylindre à un zéro, la bille lancée par air comprimé toutes les 60 secondes ; les "
                       "joueurs misent sur huit terminaux ; le numéro sorti est lu par capteur et affiché.",
        "role_employes": "Un croupier surveille le cylindre, ouvre et ferme les mises au terminal maître et règle les "
                         "incidents ; le chef de table contrôle les paiements de plus de 1 000 €.",
        "moyens_paiement": "Cartes de jeu électroniques et billets aux terminaux"},
        files=(("presentation_technique", "interblock-presentation-technique.pdf", pdf(
            "Présentation technique : roulette semi-automatique", "Constructeur : Interblock.",
            "Cylindre à un zéro, lancer par air comprimé, lecture par capteur.", "Huit terminaux de jeu.")),
            ("certification_etat", "interblock-certificat-neuf.pdf", pdf(
                "Certificat d'origine", "Modèle livré neuf par le constructeur Interblock.")),))
    demo.ask(roulette, "Le taux de redistribution annoncé de 97,30 % vaut-il pour chaque mise proposée aux "
                       "terminaux ? Veuillez joindre le rapport d'essai du laboratoire.")
    demo.answer(roulette, "Le cylindre est à un seul zéro : chaque mise, simple ou en plein, rend 36/37, soit 97,30 %. "
                          "Le rapport d'essai du laboratoire est joint à la présentation technique.",
                files=(("presentation_technique", "rapport-essai-laboratoire.pdf", pdf(
                    "Rapport d'essai", "Roulette semi-automatique Interblock, cylindre à un zéro.",
                    "Taux de redistribution de chaque mise : 97,30 %.")),))
    stop = demo.filed("arret_jackpot", "Arrêt du jackpot progressif « Hold'em 1-2 » pendant les travaux", {
        "table": "Poker 1 et Poker 2 · jackpot progressif « Hold'em 1-2 »", "date_arret": demo.day(9),
        "motif": "Remplacement des tables de poker et de l'afficheur du jackpot pendant les travaux de la salle ; "
                 "les montants affichés seront reportés à la réouverture."})
    demo.act(stop, "objecter", "L'arrêt est annoncé 9 jours avant ; le Ministre doit en être informé « dans les "
                               f"quinze jours qui précèdent » ({demo.cite('arret_jackpot')}).")
    demo.draft("liaison_progressif", "Jackpot progressif des machines relié avec un casino partenaire", {
        "casinos": ["la-moselle"], "appareils": "LM-001, LM-002 et LM-008, salle des machines ; ceux du casino "
                                                "partenaire restent à désigner."})
    la_moselle_kinds(demo)


def la_moselle_kinds(demo: Demo) -> None:
    """One request of each kind the draft adds (issue 39, point 2): another means of payment approved (art. 62 al. 2
    d)), value plaques and chips asked about (art. 37-1 al. 8), cards for the shufflers approved (art. 7-1 al. 2), the
    bad beat's table machine approved (art. 49-13 al. 5), and the bad beat's voluntary stop announced 20 days ahead
    and acknowledged (art. 49-14 al. 2), whose notice the bad beat's register records by the request's reference."""
    tickets = demo.filed("moyen_paiement", "Tickets « TITO » émis par le casino aux appareils à sous", {
        "moyen": "Tickets TITO (ticket-in ticket-out)", "emetteur": "Casino de la Moselle",
        "jeux": "Appareils à sous et jeux semi-automatiques de la salle des machines",
        "accepteurs": "Lecteurs de tickets des appareils LM-001 à LM-008 ; bornes de paiement de la caisse spéciale"},
        files=(("description", "tickets-tito-description.pdf", pdf(
            "Tickets TITO : description", "Ticket imprimé par l'appareil, code-barres unique, valable 90 jours.",
            "Émis et remboursés par le casino ; jamais acceptés hors du casino.")),))
    demo.approve(tickets, conditions="Tickets valables au seul Casino de la Moselle ; relevé mensuel des tickets émis, "
                                     "remboursés et périmés transmis au Ministère des Finances.")
    plaques = demo.filed("plaques_jetons_valeurs", "Plaques et jetons de valeurs à la roulette", {
        "jeu": "Roulette, tables R-1 et R-2", "fabricant": "Gaming Partners International",
        "valeurs": "Plaques de 500 € et de 1 000 € ; jetons de 5 €, 25 € et 100 € numérotés"},
        files=(("specimens", "plaques-jetons-specimens.pdf", pdf(
            "Plaques et jetons de valeurs : spécimens", "Plaques de 500 € et 1 000 €, numérotées, puce RFID.",
            "Jetons de 5 €, 25 € et 100 €.")),))
    demo.ask(plaques, "Veuillez préciser le nombre de plaques de chaque valeur et leur mode de conservation en caisse.")
    cards = demo.filed("cartes_melangeur", "Cartes Copag pour les mélangeurs-distributeurs du blackjack", {
        "cartes": "Copag 100 % plastique, tarotage bleu uni", "melangeur": "Shuffle Master MD3",
        "tables": "Blackjack, tables BJ-1 et BJ-2"},
        files=(("fiche", "cartes-copag-fiche.pdf", pdf(
            "Fiche technique des cartes", "Copag 100 % plastique, 52 cartes, tarotage bleu uni.",
            "Compatibles Shuffle Master MD3.")),))
    demo.approve(cards)
    machine = demo.filed("machine_bad_beat", "Machine d'enregistrement des retenues du bad beat jackpot", {
        "machine": "PokerTrack PT-200, version 3.4", "tables": "Poker, tables TH-1 et TH-2",
        "reseau": "Reliée au serveur du casino, sauvegarde nocturne",
        "tracabilite": "Par table et par partie : heure, pot, retenue de la cagnotte et du bad beat jackpot, gains "
                       "versés, montant du bad beat jackpot et paiements à chaque joueur"},
        files=(("documentation", "pokertrack-documentation.pdf", pdf(
            "PokerTrack PT-200 : documentation", "Enregistrement automatisé et global des retenues.",
            "Journal horodaté par table et par partie.")),))
    demo.approve(machine)
    stop = demo.filed("arret_bad_beat", "Arrêt volontaire du bad beat jackpot pendant les travaux", {
        "table": "Poker, tables TH-1 et TH-2 · bad beat jackpot", "date_arret": demo.day(20),
        "motif": "Remplacement des tables de poker pendant les travaux de la salle."})
    demo.act(stop, "accuser_reception")
    # the request is the notice: the bad beat's register records it by its reference, dated the day it was filed
    bad_beat_notice(casino=demo.casino, actor=demo.manager, gaming_day=demo.today, minister_notified_on=demo.today,
                    reference=stop.reference)
    refurbished_installed(demo)


def refurbished_installed(demo: Demo) -> None:
    """A used machine refurbished by a firm the Minister approved, its refurbishment approved, then installed under
    that approval's reference (art. 17 al. 2 5°): the register of machines names the approval, the firm and its
    agrément."""
    approval = demo.filed("appareil_remis_a_neuf", "Mise en service de l'appareil usagé remis à neuf LM-010", {
        "numero_serie": "LM-010", "entreprise": "Lux Gaming Services S.à r.l.",
        "agrement_entreprise": "Agrément du Ministre des Finances n° MF/AG/2025-017"},
        files=(("certificat", "certificat-remise-a-neuf-LM-010.pdf", pdf(
            "Certificat de remise à neuf", "Appareil : Novomatic, numéro de série LM-010.",
            "Remis à neuf par Lux Gaming Services S.à r.l. (agrément MF/AG/2025-017).")),))
    demo.approve(approval)
    appareil_install(casino=demo.casino, actor=demo.manager, gaming_day=demo.today, machine="LM-010",
                     manufacturer="Novomatic", certificate="CE-LU-2026-010", condition="remis_a_neuf",
                     approval=approval.reference)


# --- Casino du Lac-Bleu (QC) ---------------------------------------------------------------------------------------

WHEEL = ("1 $ ; 24 ; 1 à 1", "2 $ ; 15 ; 2 à 1", "5 $ ; 7 ; 5 à 1", "10 $ ; 4 ; 10 à 1", "20 $ ; 2 ; 20 à 1")


def _paytable(demo: Demo, game: str, bet: str) -> str:
    """A pay table of the casino's jurisdiction: its game's key (the profile's « jeu.<game> ») and the bet."""
    return f"{concept(demo.casino.jurisdiction, f'jeu.{game}')}.{bet}"


def lac_bleu(demo: Demo) -> None:
    for last in ("Joker ; 1 ; 40 à 1", "Joker ; 1 ; 45 à 1"):  # art. 120: published, dated by Vigie, no request
        wheel_publish(actor=demo.manager, casino=demo.casino,
                      segments="\n".join((*WHEEL, last, last.replace("Joker", "Logo"))))

    def proposal(title: str, table: str, payouts: dict, effective: int, motif: str) -> ApprovalRequest:
        return demo.filed("table_de_paiement", title, {"table": table, "paiements": payouts,
                                                       "date_effet": demo.day(effective), "motif": motif})

    three_cards, pair_of_aces = _paytable(demo, "357", "trois_cartes"), _paytable(demo, "quatre_cartes", "paire_as")
    royal = proposal("Poker 3-5-7 : brelan de la mise des trois cartes payé 30 à 1 les soirs de fête",
                     three_cards, {"2": "30 à 1"}, 60, "Proposer le brelan à 30 à 1 au lieu de 25 à 1.")
    demo.act(royal, "avis_favorable")
    cut = proposal("Poker 4 cartes : couleur ramenée à 4 à 1", pair_of_aces, {"4": "4 à 1"}, 60,
                   "Proposer la couleur à 4 à 1 au lieu de 5 à 1.")
    demo.act(cut, "avis_defavorable", "La baisse du paiement de la couleur réduirait le retour aux joueurs sans "
                                      "motif tenant au jeu : la Régie donne un avis défavorable.")
    crazy = proposal("Fou du poker : brelan de la mise « Paire de dames ou plus » à 8 à 1",
                     _paytable(demo, "fou", "paire_dames"),
                     {"3": "8 à 1"}, 21, "Le brelan payé 8 à 1 au lieu de 7 à 1, pour aligner la table sur celle "
                                         "des casinos voisins.")
    demo.ask(crazy, "Veuillez indiquer le taux de retour de la mise « Paire de dames ou plus » avec la table proposée.")
    four = proposal("Poker 4 cartes : couleur de la mise « Paire d'as ou plus » à 6 à 1", pair_of_aces,
                    {"4": "6 à 1"}, 5, "La couleur payée 6 à 1 au lieu de 5 à 1 pour relancer la table de poker 4 "
                                       "cartes.")
    demo.ask(four, "La date souhaitée précède toute modification possible du règlement : à quelle date la table "
                   "proposée serait-elle affichée aux joueurs ?")
    demo.answer(four, "La date souhaitée est reportée de trois semaines.", items={"date_effet": demo.day(28)})
    three = proposal("Poker 3-5-7 : brelan de la mise des trois cartes payé 30 à 1", three_cards,
                     {"2": "30 à 1"}, 14, "Le brelan de la mise des trois cartes payé 30 à 1 au lieu de 25 à 1.")
    demo.withdraw(three, "Projet abandonné : les soirées thématiques ne sont pas reconduites cette année.")
    demo.draft("table_de_paiement", "Poker 3-5-7 : proposition en préparation", {"table": three_cards})


# --- Casino des Rochers (MC) ---------------------------------------------------------------------------------------

READING_FR = ("Lecture retenue : « POUR » se lit « à », en gain net, la mise rendue en plus ; la table notifiée rend "
              "alors {default}. La lecture en montant total rendu (« pour », {alternative}) est écartée : dans la "
              "colonne BLIND du même tableau, la suite imprimée « 1 POUR 1 » « est payée » selon l'article premier, ce "
              "qui n'est vrai qu'en gain net, et le tableau n'a qu'un mot pour ses deux colonnes.")
READING_EN = ("Reading retained: « POUR » reads « à », a net gain with the stake returned on top; the table notified "
              "then returns {default}. The total-return reading (« pour », {alternative}) is set aside: in the BLIND "
              "column of the same table the straight printed « 1 POUR 1 » « est payée » (is paid) under article 1, "
              "true only of a net gain, and the table has one word for both its columns.")


def les_rochers(demo: Demo) -> None:
    trips = _paytable(demo, "uth", "trips")

    def filed(title: str, payouts: dict, effective: int, motif: str) -> ApprovalRequest:
        return demo.filed("table_de_paiement", title, {"table": trips, "paiements": payouts,
                                                       "date_effet": demo.day(effective), "motif": motif})

    flush = filed("TRIPS : couleur payée 6 POUR 1", {"5": "6 POUR 1"}, 0,
                  "La couleur de la chance TRIPS payée 6 POUR 1 au lieu de 7 POUR 1, comme aux tables du salon "
                  "européen.")
    demo.act(flush, "accuser_reception")
    three = filed("TRIPS : couleur à 6 POUR 1, brelan à 4 POUR 1", {"5": "6 POUR 1", "7": "4 POUR 1"}, 7,
                  "Le brelan de la chance TRIPS payé 4 POUR 1 au lieu de 3 POUR 1, la couleur restant à 6 POUR 1.")
    demo.ask(three, "Votre calcul du taux de retour lit-il « POUR » comme un gain net (la mise rendue en plus) ou "
                    "comme le montant total rendu, mise comprise ? Les deux lectures ne donnent pas le même taux.")
    demo.answer(three, "Comme pour la table de l'arrêté, « 4 POUR 1 » s'entend d'un gain de 4 fois la mise, la mise "
                       "étant rendue : c'est ainsi que les croupiers paient le brelan aujourd'hui.")
    last = three.findings.filter(source=RequestFinding.Source.CHECK).order_by("-run").values_list("run", flat=True)[0]
    reading = three.findings.filter(run=last, code=checks.READING_CODE).first()
    default = three.findings.get(run=last, code=checks.RETURN_CODE).found
    alternative = reading.found if reading else default
    demo.note(three, RequestFinding.Severity.INFO,
              READING_FR.format(default=french(default), alternative=french(alternative)),
              READING_EN.format(default=default, alternative=alternative),
              found=f"« à » (gain net) : {default}", required=f"« pour » (total rendu) écartée : {alternative}")
    demo.act(three, "accuser_reception")
    cut = filed("TRIPS : brelan ramené à 2 POUR 1", {"7": "2 POUR 1"}, 14,
                "Le brelan payé 2 POUR 1 au lieu de 3 POUR 1 pendant la saison d'été.")
    demo.act(cut, "objecter", "La baisse du paiement du brelan, la combinaison la plus fréquente de la chance TRIPS, "
                              "réduit fortement le retour aux joueurs : l'autorité concédante fait objection.")
    royal = filed("TRIPS : quinte flush royale payée 100 POUR 1", {"1": "100 POUR 1"}, 10,
                  "Quinte flush royale de la chance TRIPS payée 100 POUR 1 pendant le mois du Grand Prix.")
    demo.ask(royal, "Veuillez préciser la durée de cette modification et la date à laquelle la table de l'arrêté sera "
                    "rétablie.")
    straight_flush = filed("TRIPS : quinte flush payée 50 POUR 1", {"2": "50 POUR 1"}, 10,
                           "La quinte flush de la chance TRIPS payée 50 POUR 1 au lieu de 40 POUR 1.")
    demo.ask(straight_flush, "Cette modification s'applique-t-elle à toutes les tables d'Ultimate Texas Hold'em ou "
                             "aux seules tables du salon privé ?")
    demo.answer(straight_flush, "À toutes les tables d'Ultimate Texas Hold'em du casino, salon privé compris.")
    filed("TRIPS : quinte flush royale payée 75 POUR 1 au salon privé", {"1": "75 POUR 1"}, -3,
          "La quinte flush royale de la chance TRIPS payée 75 POUR 1 au lieu de 50 POUR 1 aux tables du salon privé "
          "depuis leur réouverture.")  # notified after it took effect
    full = filed("TRIPS : full payé 9 POUR 1", {"4": "9 POUR 1"}, 20,
                 "Le full de la chance TRIPS payé 9 POUR 1 au lieu de 8 POUR 1.")
    demo.withdraw(full, "Modification abandonnée : avec le full à 9 POUR 1, la chance TRIPS rendrait plus de 99 % des "
                        "mises.")
    demo.draft("table_de_paiement", "TRIPS : carré payé 35 POUR 1", {"table": trips, "paiements": {"3": "35 POUR 1"}})


SCENARIOS: dict[str, Callable[[Demo], None]] = {"la-moselle": la_moselle, "lac-bleu": lac_bleu,
                                                 "les-rochers": les_rochers}


def demo_load() -> list[str]:
    """Each demo casino's requests, once: a casino that already has requests is left as it is."""
    created = []
    for casino in Casino.objects.filter(code__in=SCENARIOS).select_related("jurisdiction").order_by("code"):
        if ApprovalRequest.objects.filter(casino=casino).exists():
            continue
        manager_name, regulator_name = USERS[casino.code]
        manager, regulator = User.objects.filter(username=manager_name).first(), User.objects.filter(
            username=regulator_name).first()
        if manager is None or regulator is None:
            continue
        # the decisions' dates (never before the filing's) are the casino's own days
        with transaction.atomic(), timezone.override(ZoneInfo(casino.jurisdiction.timezone)):
            SCENARIOS[casino.code](Demo(casino, manager, regulator))
        count = ApprovalRequest.objects.filter(casino=casino).count()
        created.append(f"{count} approval requests of {casino.code}")
    return created


def demo_load_last() -> list[str]:
    """Once every app's part is in (compliance/demo.py): each demo casino's tournaments (registers/tournaments/demo.py),
    built here because a paid Luxembourg tournament's rules are approved by the Minister through the approvals before
    it starts (LU RGD 1979 art. 49-17), and the registers never import the approvals. Their results reports are asked
    of the worker, which `./scripts/run` starts next."""
    from registers.admissions.demo import refused_entry_demo
    from registers.tournaments.demo import CASINOS, tournaments_demo

    # then the player asked to leave Lac-Bleu's poker room refused at a tournament's entry (QC RJC art. 67.109)
    return [line for code in CASINOS for line in tournaments_demo(code, approve=_tournament_approval)] + \
        refused_entry_demo() + _notices_last()


def _notices_last() -> list[str]:
    """The notices of the wheel and the tournaments just published (registers/notices/demo.py), their posters signed
    at once as the worker would."""
    from compliance.reports.models import Report
    from compliance.reports.services import report_generate
    from registers.notices.demo import floor_demo

    done = floor_demo()
    for report in Report.objects.filter(kind=Report.Kind.NOTICE_POSTER, status=Report.Status.PENDING).order_by("pk"):
        report_generate(report)
        done.append(f"poster of notice n° {report.subject} signed")
    return done


def _tournament_approval(*, casino: Casino, manager: User, name: str, start: datetime.date, terms: str, digest: str):
    """A tournament's rules filed with their text and the digest Vigie computed when publishing them, and approved by
    the jurisdiction's regulator, from today."""
    regulator = User.objects.filter(role=User.Role.REGULATOR, jurisdiction=casino.jurisdiction).order_by("pk").first()
    draft = request_create(actor=manager, casino=casino, kind="tournoi", items={
        "nom": name, "modalites": terms, "date_debut": start.isoformat(), "empreinte_regles": digest})
    request_attach(actor=manager, request=draft, item="reglement", filename="reglement-tournoi.pdf",
                   content=pdf(f"Règlement du tournoi « {name} »", terms))
    return request_decide(actor=regulator, request=request_file(actor=manager, request=draft), decision="approuver")
