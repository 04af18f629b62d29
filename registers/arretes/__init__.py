"""The values the texts leave to an arrêté du Ministre des Finances, filed per casino by its management, dated and
versioned; the table and poker sessions compared with those in force on their day (LU RGD 1979 art. 9, 21, 37-9,
37-11, 37-13, 37-17, 49-3, 49-7: which article delegates what is rule data, games/rules/values/lu/arretes)."""
