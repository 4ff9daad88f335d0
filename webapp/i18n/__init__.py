"""Translations: the catalogs (`webapp/translations/`, gettext .po files), which language a
reader gets, and what the app's client receives of a language (its messages and the locale data
generated from CLDR by Babel). Plain Python over Babel: nothing here imports Flask, so a
renderer, an exporter or the build can translate with a `babel.support.Translations` object.
"""
