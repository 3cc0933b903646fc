"""The filing pack (``paigow-verify filing``, docs/FILING.md): the document a lab signs and
files for one game, from a checked certificate and a metadata file.

``meta.read`` reads the metadata (cover, signature block, revision history);
``jurisdictions.JURISDICTIONS`` is the one table of what each jurisdiction's filing
holds; ``examples.worked_examples`` finds the rules of play's worked examples among real
deals, set by the house way and settled by the table's code; ``wagers`` gives the pay
tables with payout odds, true odds and house advantage, and a variation's differences;
``document`` puts them together and renders the PDF (with the par sheet as its
appendix); ``pack.write`` writes the pack's folder all or nothing."""
