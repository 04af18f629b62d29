"""Messages of the poker room's floor: the waiting list and its seats drawn (LU RGD 1979 art. 49-1, 49-5), and a
player's stack from one deal to the next (QC RJC art. 67.95; LU art. 49-1, 49-5). Constants, so tests assert them and
translators find them."""

from django.utils.translation import gettext_lazy as _

ALREADY_WAITING = _("« {player} » est déjà inscrit sur la liste d'attente du {day} (rang {rank}).")
PLAYER_REQUIRED = _("Joueur : écrivez son nom, son pseudonyme ou son numéro, comme la salle l'écrit.")
SEATS_FREE = _("Places libres : un ou plusieurs numéros différents, de 1 à {most} à cette table.")
QUALITY = _("« {quality} » n'attribue pas les places à ce jeu : {allowed} ({citation}).")
NOT_DIRECTION = _("Seul un membre de la direction (comité de direction) appelle la liste en son propre nom ; sinon, "
                  "nommez le chef de partie ({citation}).")
RESPONSIBLE_REQUIRED = _("Nommez le chef de partie qui appelle la liste ({citation}).")
NOBODY_WAITING = _("Personne n'attend sur la liste du {day}.")
NOT_WAITING = _("Rang {ranks} : ce joueur n'attend pas sur la liste du {day}.")
NOBODY_ANSWERED = _("Personne n'a répondu à l'appel : aucune place n'est attribuée, l'appel continue jusqu'à ce qu'un "
                    "joueur réponde ({citation}).")
NOT_CALLED = _("Rang {ranks} : les places étaient prises avant que ce joueur soit appelé, il ne peut pas être noté "
               "absent.")
DRAW_DIFFERS = _("Les places écrites, {written}, ne sont pas celles que la graine et la méthode « {method} » donnent, "
                 "{drawn}.")
CALL_ORDER = _("L'appel écrit n'est pas celui de la liste par ordre d'inscription ({called}).")
STACK_BREAK = _("Main n° {number}, place {seat} : {player} commence avec {found}, la main n° {previous} lui avait "
                "laissé {expected} ({citation}).")
NO_SEANCE = _("Table « {table} » : aucune séance ce jour-là ({day}).")
