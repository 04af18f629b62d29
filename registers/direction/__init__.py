"""The direction's register (LU RGD 1979 art. 18-6 al. 3, 51 § I, 52 al. 2, as the amending draft words them): the
management committee, the duty log of the responsible director or the member replacing them, the director's
designations of agreed employees."""
