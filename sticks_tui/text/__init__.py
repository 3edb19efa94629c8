"""Words and text shared by the console, the command line and the app: text a user gave made
safe to show, typed answers read with a bound, and the analysis as rows of text."""
