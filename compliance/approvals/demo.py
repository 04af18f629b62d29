"""The demo's approval requests: at each demo casino, requests in every state of their life
(compliance/approvals/workflow.py), spread over the kinds its jurisdiction has, each step taken through the services
by the casino's management or the regulator of its jurisdiction, so every step is in the casino's register of
approvals. The items' dates are counted from the casino's today, so the demo stays current.

- Casino de la Moselle (LU): the TRIPS pay table of the Ultimate Texas hold'em changed twice (the first approval
  superseded by the second); a semi-automatic roulette with its technical presentation and certificate (the
  ministry's question answered with the laboratory's report); the card system's certificate (a question waiting
  for the casino); a jackpot stop announced 9 days ahead (blocking: 15 days, art. 49-11); a machine put back into
  service (noted); a side bet approved under conditions; a refurbished machine refused (its firm not approved);
  one tournament withdrawn, another one's approval revoked; a link of the progressive jackpot in draft.
- Casino du Lac-Bleu (QC): the wheel of fortune approved, then replaced under conditions, then a new wheel refused
  (a bet returning less than 75 %, RJC art. 122); tournaments approved, revoked and under review (rules published
  too late, art. 125), another in draft; pay-table changes waiting for an answer, answered, withdrawn.
- Casino des Rochers (MC): notices of changes to the TRIPS pay table of the Ultimate Texas Hold'em: a change
  of the three of a kind approved once the regulator has recorded which reading of « POUR » the decision retains
  (superseding the flush's change), the others in the other states, one notified after it took effect. No approval under
  conditions: one table holds one decision in force at a time, and the checks do not compute the BLIND table's
  return (a strategy game)."""

import datetime
from collections.abc import Callable
from datetime import timedelta
from zoneinfo import ZoneInfo

from django.db import transaction
from django.utils import timezone

from compliance.models import Casino, User

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

def la_moselle(demo: Demo) -> None:
    trips = "lu.uth.trips"
    summer = demo.filed("table_de_paiement", "TRIPS de l'Ultimate Texas hold'em : quintes flush mieux payées cet été", {
        "table": trips, "paiements": {"1": "100 à 1", "2": "50 à 1"}, "date_effet": demo.day(7),
        "motif": "Opération « Été royal » : aux trois tables d'Ultimate Texas hold'em, la quinte flush royale de la "
                 "chance TRIPS est payée 100 à 1 au lieu de 50 à 1 et la quinte flush 50 à 1 au lieu de 40 à 1 "
                 "pendant la saison estivale."})
    demo.approve(summer, effective=7)
    lasting = demo.filed("table_de_paiement", "TRIPS de l'Ultimate Texas hold'em : royale à 100 à 1, carré à 40 à 1, "
                                              "full à 7 à 1", {
        "table": trips, "paiements": {"1": "100 à 1", "3": "40 à 1", "4": "7 à 1"}, "date_effet": demo.day(21),
        "motif": "Au-delà de l'opération d'été, la quinte flush royale reste payée 100 à 1 et le carré passe de 30 à 1 "
                 "à 40 à 1 ; le full est ramené de 8 à 1 à 7 à 1 pour que le taux de retour de la chance TRIPS reste "
                 "sous celui de la table du règlement."})
    demo.ask(lasting, "Veuillez indiquer le taux de retour de la chance TRIPS avec la table demandée, et la date à "
                      "laquelle les tapis et les affichages des tables seront remplacés.")
    rate = lasting.findings.get(code=checks.RETURN_CODE)
    demo.answer(lasting, f"Avec la table demandée, la chance TRIPS rend {french(rate.found)} (contre "
                         f"{french(rate.required)} avec la table du règlement), les paiements lus en gain net, mise "
                         "rendue, comme le règlement les imprime. Les nouveaux tapis sont livrés la semaine précédant "
                         "la date d'effet.")
    demo.approve(lasting, effective=21)  # the summer's approval ends the day this one takes effect

    side_bet = demo.filed("jeu_annexe", "Mise annexe « Paire Plus » au Casino hold'em poker", {
        "nom": "Paire Plus", "jeu_de_base": "Casino hold'em poker", "taux_retour": "0.9632",
        "conditions": "Mise facultative de 1 € à 25 €, placée avant la donne avec la mise initiale ; gagnante si les "
                      "deux cartes du joueur forment une paire ou mieux avec les trois premières cartes communes, "
                      "quelle que soit la main du croupier ; table de paiement affichée à chaque table."},
        files=(("regles", "regles-paire-plus.pdf", pdf(
            "Règles de la mise annexe « Paire Plus »", "Jeu de base : Casino hold'em poker.",
            "Mise de 1 € à 25 €, placée avant la donne.", "Paire : 1 à 1 ; deux paires : 2 à 1 ; brelan : 3 à 1 ;",
            "suite : 6 à 1 ; couleur : 10 à 1 ; full : 20 à 1 ; carré : 40 à 1 ; quinte flush : 100 à 1.")),))
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

    omaha = demo.filed("tournoi", "Tournoi d'Omaha de la Moselle", {
        "nom": "Tournoi d'Omaha de la Moselle", "date_debut": demo.day(30),
        "modalites": "Droit d'entrée de 80 €, dont 10 € de frais ; 60 places ; Omaha pot-limit, niveaux de 20 "
                     "minutes ; les lots sont la totalité des droits d'entrée nets, aux huit premiers."},
        files=(("reglement", "reglement-tournoi-omaha.pdf", pdf(
            "Règlement du Tournoi d'Omaha de la Moselle", "Droit d'entrée : 80 €, dont 10 € de frais.",
            "Structure : Omaha pot-limit, niveaux de 20 minutes.",
            "Lots : droits d'entrée nets, aux huit premiers.")),))
    demo.withdraw(omaha, "Tournoi reporté : la salle de poker sera en travaux aux dates prévues. Une nouvelle demande "
                         "sera déposée avec les nouvelles dates.")

    masters = demo.filed("tournoi", "Masters de Texas hold'em de la Moselle", {
        "nom": "Masters de Texas hold'em de la Moselle", "date_debut": demo.day(12),
        "modalites": "Droit d'entrée de 100 €, dont 12 € de frais ; 90 places ; no-limit, niveaux de 30 minutes ; "
                     "lots garantis de 8 000 €, aux douze premiers."},
        files=(("reglement", "reglement-masters-holdem.pdf", pdf(
            "Règlement des Masters de Texas hold'em", "Droit d'entrée : 100 €, dont 12 € de frais.",
            "Structure : no-limit, niveaux de 30 minutes.", "Lots garantis : 8 000 €, aux douze premiers.")),))
    demo.approve(masters)
    demo.revoke(masters, "Le tournoi a été annoncé au public avec un droit d'entrée de 150 € et des lots de 12 000 €, "
                         "et non selon le règlement agréé : l'agrément est révoqué jusqu'au dépôt d'un règlement "
                         f"conforme à ce qui est annoncé ({demo.cite('tournoi')}).")

    machine = demo.filed("etat_appareil", "Remise en service de l'appareil LM-003", {
        "numero_serie": "LM-003", "evenement": "remis en service", "date_evenement": demo.day(3)})
    demo.approve(machine, effective=3, reason="Information préalable reçue ; le Ministère en prend acte.")

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

    demo.filed("arret_jackpot", "Arrêt du jackpot progressif « Hold'em 1-2 » pendant les travaux", {
        "table": "Poker 1 et Poker 2 · jackpot progressif « Hold'em 1-2 »", "date_arret": demo.day(9),
        "motif": "Remplacement des tables de poker et de l'afficheur du jackpot pendant les travaux de la salle ; "
                 "les montants affichés seront reportés à la réouverture."})

    demo.draft("liaison_progressif", "Jackpot progressif des machines relié avec un casino partenaire", {
        "casinos": ["la-moselle"], "appareils": "LM-001, LM-002 et LM-008, salle des machines ; ceux du casino "
                                                "partenaire restent à désigner."})


# --- Casino du Lac-Bleu (QC) ---------------------------------------------------------------------------------------

WHEEL = ("1 $ ; 24 ; 1 à 1", "2 $ ; 15 ; 2 à 1", "5 $ ; 7 ; 5 à 1", "10 $ ; 4 ; 10 à 1", "20 $ ; 2 ; 20 à 1")


def lac_bleu(demo: Demo) -> None:
    first = demo.filed("roue_de_fortune", "Roue de fortune de la salle principale", {
        "segments": "\n".join((*WHEEL, "Joker ; 1 ; 40 à 1", "Logo ; 1 ; 40 à 1")), "date_effet": demo.day(0),
        "motif": "Configuration de la roue de fortune de la salle principale : 54 parties, Joker et Logo à 40 à 1."})
    demo.approve(first)
    party = demo.filed("roue_de_fortune", "Roue de fortune : Joker et Logo payés 45 à 1", {
        "segments": "\n".join((*WHEEL, "Joker ; 1 ; 45 à 1", "Logo ; 1 ; 45 à 1")), "date_effet": demo.day(7),
        "motif": "Promotion du 20e anniversaire du casino : le Joker et le Logo sont payés 45 à 1 au lieu de 40 à 1."})
    demo.approve(party, effective=7, conditions="Les cotes modifiées sont affichées sur le panneau de la roue et au "
                                                "tableau des promotions pendant toute leur durée ; la Régie est avisée "
                                                "de la date de retour aux cotes de la configuration précédente.")
    low = demo.filed("roue_de_fortune", "Roue de fortune : deux parties Joker payées 15 à 1", {
        "segments": "\n".join((*WHEEL, "Joker ; 2 ; 15 à 1")), "date_effet": demo.day(30),
        "motif": "Nouvelle roue : deux parties Joker payées 15 à 1 à la place du Joker et du Logo payés 40 à 1, "
                 "pour simplifier l'affichage."})
    demo.refuse(low, "La mise sur le Joker rendrait 32/54, soit 59,26 %, sous le taux de retour minimal de 75 % que "
                     f"chaque mise doit atteindre ({demo.cite('roue_de_fortune')}) : la configuration est refusée.")

    def tournament(name: str, start: int, published: int, fee: str, prizes: str) -> dict:
        return {"nom": name, "date_debut": demo.day(start), "duree": "2 jours",
                "regles_participation": f"Ouvert aux personnes majeures inscrites à la caisse ; droit d'entrée de "
                                        f"{fee} ; une seule inscription par personne.",
                "mode_distribution": "Les lots sont remis aux joueurs classés aux premières places, selon le barème "
                                     "affiché, à la fin de la finale.",
                "lots": prizes, "publication": demo.day(published)}

    blackjack = demo.filed("tournoi", "Tournoi de blackjack du Lac-Bleu", tournament(
        "Tournoi de blackjack du Lac-Bleu", 30, 14, "100 $", "10 000 $ : 5 000 $, 2 500 $, 1 500 $ et 1 000 $"))
    demo.approve(blackjack)
    roulette = demo.filed("tournoi", "Tournoi de roulette des Fêtes", tournament(
        "Tournoi de roulette des Fêtes", 21, 7, "50 $", "8 000 $ : 4 000 $, 2 500 $ et 1 500 $"))
    demo.approve(roulette)
    demo.revoke(roulette, "Les règles mises à la disposition du public annoncent 5 000 $ de lots au lieu des 8 000 $ "
                          "approuvés : l'approbation est révoquée jusqu'au dépôt de règles conformes "
                          f"({demo.cite('tournoi')}).")
    demo.filed("tournoi", "Tournoi de poker Texas hold'em de la Saint-Jean", tournament(
        "Tournoi de poker Texas hold'em de la Saint-Jean", 10, 6, "200 $", "20 000 $ aux dix premiers"))

    crazy = demo.filed("table_de_paiement", "Fou du poker : brelan de la mise « Paire de dames ou plus » à 8 à 1", {
        "table": "qc.fou.paire_dames", "paiements": {"3": "8 à 1"}, "date_effet": demo.day(21),
        "motif": "Le brelan payé 8 à 1 au lieu de 7 à 1, pour aligner la table sur celle des casinos voisins."})
    demo.ask(crazy, "Veuillez indiquer le taux de retour de la mise « Paire de dames ou plus » avec la table demandée "
                    "et la date à laquelle les tapis et les affiches seront remplacés.")
    four = demo.filed("table_de_paiement", "Poker 4 cartes : couleur de la mise « Paire d'as ou plus » à 6 à 1", {
        "table": "qc.quatre_cartes.paire_as", "paiements": {"4": "6 à 1"}, "date_effet": demo.day(5),
        "motif": "La couleur payée 6 à 1 au lieu de 5 à 1 pour relancer la table de poker 4 cartes."})
    demo.ask(four, "La date d'effet demandée précède la livraison des nouveaux tapis annoncée par votre fournisseur : "
                   "à quelle date la table modifiée sera-t-elle affichée aux joueurs ?")
    demo.answer(four, "Les tapis sont livrés dans trois semaines : la date d'effet est reportée au jour de leur pose.",
                items={"date_effet": demo.day(28)})
    three = demo.filed("table_de_paiement", "Poker 3-5-7 : brelan de la mise des trois cartes payé 30 à 1", {
        "table": "qc.357.trois_cartes", "paiements": {"2": "30 à 1"}, "date_effet": demo.day(14),
        "motif": "Le brelan de la mise des trois cartes payé 30 à 1 au lieu de 25 à 1 lors des soirées thématiques."})
    demo.withdraw(three, "Projet abandonné : les soirées thématiques ne sont pas reconduites cette année.")
    demo.draft("tournoi", "Tournoi de baccara d'automne", {
        "nom": "Tournoi de baccara d'automne", "date_debut": demo.day(60), "duree": "1 jour"})


# --- Casino des Rochers (MC) ---------------------------------------------------------------------------------------

READING_FR = ("Lecture retenue pour la décision : « POUR » se lit « à », en gain net, la mise rendue en plus ; la "
              "table demandée rend alors {default}. La lecture en montant total rendu (« pour », {alternative}) est "
              "écartée : dans la colonne BLIND du même tableau, la suite imprimée « 1 POUR 1 » « est payée » selon "
              "l'article premier, ce qui n'est vrai qu'en gain net, et le tableau n'a qu'un mot pour ses deux "
              "colonnes. Le brelan à « 4 POUR 1 » paie donc 4 et rend la mise.")
READING_EN = ("Reading retained for the decision: « POUR » reads « à », a net gain with the stake returned on top; "
              "the table asked for then returns {default}. The total-return reading (« pour », {alternative}) is set "
              "aside: in the BLIND column of the same table the straight printed « 1 POUR 1 » « est payée » (is paid) "
              "under article 1, true only of a net gain, and the table has one word for both its columns. Three of a "
              "kind at « 4 POUR 1 » therefore pays 4 and returns the stake.")


def les_rochers(demo: Demo) -> None:
    trips = "mc.uth.trips"

    def filed(title: str, payouts: dict, effective: int, motif: str) -> ApprovalRequest:
        return demo.filed("table_de_paiement", title, {"table": trips, "paiements": payouts,
                                                       "date_effet": demo.day(effective), "motif": motif})

    quads = filed("TRIPS : carré payé 40 POUR 1 au salon privé", {"3": "40 POUR 1"}, 0,
                  "Le carré de la chance TRIPS payé 40 POUR 1 au lieu de 30 POUR 1 aux tables du salon privé.")
    demo.approve(quads)
    demo.revoke(quads, "La table modifiée n'était pas affichée aux tables du salon privé lors du contrôle de la "
                      "Commission : la prise en compte de la modification est révoquée.")
    flush = filed("TRIPS : couleur payée 6 POUR 1", {"5": "6 POUR 1"}, 0,
                  "La couleur de la chance TRIPS payée 6 POUR 1 au lieu de 7 POUR 1, comme aux tables du salon "
                  "européen.")
    demo.approve(flush)
    three = filed("TRIPS : couleur à 6 POUR 1, brelan à 4 POUR 1", {"5": "6 POUR 1", "7": "4 POUR 1"}, 7,
                  "Le brelan de la chance TRIPS payé 4 POUR 1 au lieu de 3 POUR 1, la couleur restant à 6 POUR 1, "
                  "pour rendre la chance TRIPS plus attractive aux tables d'Ultimate Texas Hold'em.")
    demo.ask(three, "Votre calcul du taux de retour lit-il « POUR » comme un gain net (la mise rendue en plus) ou "
                    "comme le montant total rendu, mise comprise ? Les deux lectures ne donnent pas le même taux.")
    demo.answer(three, "Comme pour la table de l'arrêté en vigueur, « 4 POUR 1 » s'entend d'un gain de 4 fois la mise, "
                       "la mise étant rendue : c'est ainsi que les croupiers paient le brelan aujourd'hui.")
    last = three.findings.filter(source=RequestFinding.Source.CHECK).order_by("-run").values_list("run", flat=True)[0]
    # the return asked for under the reading retained by the checks, beside the other reading's
    reading = three.findings.filter(run=last, code=checks.READING_CODE).first()
    default = three.findings.get(run=last, code=checks.RETURN_CODE).found
    alternative = reading.found if reading else default
    demo.note(three, RequestFinding.Severity.INFO,
              READING_FR.format(default=french(default), alternative=french(alternative)),
              READING_EN.format(default=default, alternative=alternative),
              found=f"« à » (gain net) : {default}", required=f"« pour » (total rendu) écartée : {alternative}")
    demo.approve(three, effective=7, reason="Modification notifiée prise en compte, lue en gain net (« à ») : voir le "
                                            "constat de la Commission sur la lecture de « POUR ».")  # flush's ends
    cut = filed("TRIPS : brelan ramené à 2 POUR 1", {"7": "2 POUR 1"}, 14,
                "Le brelan payé 2 POUR 1 au lieu de 3 POUR 1 pendant la saison d'été.")
    demo.refuse(cut, "La baisse du paiement du brelan, la combinaison la plus fréquente de la chance TRIPS, réduirait "
                     "fortement le retour aux joueurs sans autre motif que la saison : la modification n'est pas "
                     "admise.")
    royal = filed("TRIPS : quinte flush royale payée 100 POUR 1", {"1": "100 POUR 1"}, 10,
                  "Quinte flush royale de la chance TRIPS payée 100 POUR 1 pendant le mois du Grand Prix.")
    demo.ask(royal, "Veuillez préciser la durée de cette promotion et la date à laquelle la table de l'arrêté sera "
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
