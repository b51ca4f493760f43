"""Definition finding on hand-made sentences for every pattern the rules promise."""

from __future__ import annotations

import pytest

from termlens import Document, find_definitions
from termlens.acronyms.rules import explains, looks_like_short_form, unbroken


def pairs(text: str, lang: str = "en") -> list[tuple[str, str]]:
    return [(d.short.text, d.long.text) for d in find_definitions(Document(text, lang=lang))]  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We use a support vector machine (SVM) here.", ("SVM", "support vector machine")),
        ("GNN (graph neural network) is popular.", ("GNN", "graph neural network")),
        ("Data in XML (Extensible Markup Language).", ("XML", "Extensible Markup Language")),
        ("a cross-lingual language model (XLM)", ("XLM", "cross-lingual language model")),
        (  # a year after an event's short form is no part of it
            "In the Conference on Neural Information Processing Systems (NIPS 2017), we",
            ("NIPS", "Neural Information Processing Systems"),
        ),
        ("the International Conference on World Wide Web (WWW '10)", ("WWW", "World Wide Web")),
        (
            "the World Summit on the Information Society (WSIS - 2003)",
            ("WSIS", "World Summit on the Information Society"),
        ),
        (  # unless the long form ends with the year too
            "the System of National Accounts 2008 (SNA 2008)",
            ("SNA 2008", "System of National Accounts 2008"),
        ),
        ("A linear SVM (LSVM) was trained.", ("LSVM", "linear SVM")),
        # a short form in small letters before the bracket's next item, which spells it out
        ("lead in parts per billion (ppb, parts per billion)", ("ppb", "parts per billion")),
        ("PHP (PHP: Hypertext Preprocessor) runs", ("PHP", "PHP: Hypertext Preprocessor")),
        # across a comma where the words after it fit a long short form poorly, and not else
        ("A first in, first out (FIFO) queue.", ("FIFO", "first in, first out")),
        (
            "of LDCs, landlocked developing countries (LLDCs) and",
            ("LLDCs", "landlocked developing countries"),
        ),
        # a short form with its value
        ("the lactate dehydrogenase (LDH 4.806 U/l) rose", ("LDH", "lactate dehydrogenase")),
        # a citation between the long form and its bracket, as Wikipedia and papers write them
        ("A support vector machine[1] (SVM) is", ("SVM", "support vector machine")),
        ("A support vector machine [12, 13] (SVM) is", ("SVM", "support vector machine")),
        ("A support vector machine [12–14] (SVM) is", ("SVM", "support vector machine")),
        ("A support vector machine¹ (SVM) is", ("SVM", "support vector machine")),
        ("A support vector machine~\\citep{a,b} (SVM) is", ("SVM", "support vector machine")),
        ("the “purchasing power parity”[2] (PPP)", ("PPP", "purchasing power parity")),
        ("A support vector machine (SVM[1]) is", ("SVM", "support vector machine")),
        ("The SVM (support vector machine¹) is", ("SVM", "support vector machine")),
        (
            "We propose fast and factual exploration (FA2E).",
            ("FA2E", "fast and factual exploration"),
        ),
        ("The local rewriting pattern (LWP) helps.", ("LWP", "local rewriting pattern")),
        ("Trained end-to-end (E2E) on data.", ("E2E", "end-to-end")),
        ("A three-dimensional (3D) model.", ("3D", "three-dimensional")),
        ("High interleukin-6 (IL-6) levels.", ("IL-6", "interleukin-6")),
        ("Nuclear factor-κB (NF-κB) binds.", ("NF-κB", "Nuclear factor-κB")),
        ("Nuclear factor kappa B (NF-κB) binds.", ("NF-κB", "Nuclear factor kappa B")),
        ("Convolutional neural networks (CNNs) work.", ("CNNs", "Convolutional neural networks")),
        ("The messenger RNA (mRNA) was sequenced.", ("mRNA", "messenger RNA")),
        ("She holds a Doctor of Philosophy (PhD) degree.", ("PhD", "Doctor of Philosophy")),
        ("the pre-T cell receptor (TCR) signals", ("TCR", "pre-T cell receptor")),
        (
            "composed of mucin (ascites sialoglycoprotein 1, ASGP-1) and",
            ("ASGP-1", "ascites sialoglycoprotein 1"),
        ),
        (
            "stress-activated protein kinases (SAPK/JNKs) act",
            ("SAPK", "stress-activated protein kinases"),
        ),
        (  # tokenised text spaces the slash; the short form ends before the space
            "short / long word shape ( SWS / LWS ) features",
            ("SWS", "short / long word shape"),
        ),
        (
            "The retrieval-augmented generation, also known as RAG, runs.",
            ("RAG", "retrieval-augmented generation"),
        ),
        (
            "The key performance indicator, hereafter KPI, rose.",
            ("KPI", "key performance indicator"),
        ),
        (  # the full stop that ends the sentence is no part of the short form
            "We report the root-mean-square error, hereafter RMSE.",
            ("RMSE", "root-mean-square error"),
        ),
        ("A graph neural network, or GNN, was trained.", ("GNN", "graph neural network")),
        (
            "We logged the KPI, herein referred to as the key performance indicator.",
            ("KPI", "key performance indicator"),
        ),
        ("The transformer model — TM — was used.", ("TM", "transformer model")),
        ("Graph neural networks—GNNs—are popular.", ("GNNs", "Graph neural networks")),
        ("Graph neural networks -- GNNs -- are popular.", ("GNNs", "Graph neural networks")),
        ("A method called GNN — graph neural network — was used.", ("GNN", "graph neural network")),
        ("the World Wide Web Consortium (W3C) said", ("W3C", "World Wide Web Consortium")),
        ("the yeast poly(A) polymerase (PAP) binds", ("PAP", "poly(A) polymerase")),
        ("Plasma membrane Ca(2+)-ATPase (PMCA) pumps", ("PMCA", "Plasma membrane Ca(2+)-ATPase")),
        (
            "encodes secreted protein, acidic and rich in cysteine (SPARC), a",
            ("SPARC", "secreted protein, acidic and rich in cysteine"),
        ),
        ("it binds cytochrome c oxidase (COX) in", ("COX", "cytochrome c oxidase")),
        (
            "The OFFICE OF THE PRESIDENTIAL ADVISER ON THE PEACE PROCESS (OPAPP) said",
            ("OPAPP", "OFFICE OF THE PRESIDENTIAL ADVISER ON THE PEACE PROCESS"),
        ),
        (
            "the 70-kDa peroxisomal membrane protein (PMP70) and",
            ("PMP70", "70-kDa peroxisomal membrane protein"),
        ),
        ("bound the type 1 protein phosphatase (PP1) and", ("PP1", "type 1 protein phosphatase")),
        ("X-linked spastic paraplegia (SPG1), MASA", ("SPG1", "X-linked spastic paraplegia")),
        ("pathway. Oxytocin (OT) receptors (OTRs) have", ("OTRs", "Oxytocin (OT) receptors")),
        (
            "designated HERF1 (for hematopoietic RING finger 1), whose",
            ("HERF1", "hematopoietic RING finger 1"),
        ),
        (
            "of the first nucleotide binding domain (NBD1). Two",
            ("NBD1", "first nucleotide binding domain"),
        ),
        ("utilized the discounted cash flow (“DCF”) method", ("DCF", "discounted cash flow")),
        (
            "we introduce the ‘ Fréchet Inception Distance ’ ’ ( FID )",
            ("FID", "Fréchet Inception Distance"),
        ),
        (
            'the "Irbid District Electricity Company" ("IDEC") is',
            ("IDEC", "Irbid District Electricity Company"),
        ),
        (
            "and the “purchasing power parity” (PPP)-based indicator",
            ("PPP", "purchasing power parity"),
        ),
        (
            "a programme based on RSS (which stands for Really Simple Syndication), the",
            ("RSS", "Really Simple Syndication"),
        ),
        (  # an article opens the bracket but is no part of the long form
            "that NSA (The National Security Agency) allows AES",
            ("NSA", "National Security Agency"),
        ),
        ("the TCP (the top concept's popularity) is", ("TCP", "top concept's popularity")),
        (
            "we propose the FAN (the abbreviation of Focusing Attention Network) method",
            ("FAN", "Focusing Attention Network"),
        ),
        ("the RW (acronym for Rare Word) set", ("RW", "Rare Word")),
        (
            "the CGIAR (formerly known as the Consultative Group on International Agricultural"
            " Research) centres",
            ("CGIAR", "Consultative Group on International Agricultural Research"),
        ),
        (
            "the OIC (formerly Organization of the Islamic Conference) is",
            ("OIC", "Organization of the Islamic Conference"),
        ),
        ("The DM (i.e. Default Model) assigns", ("DM", "Default Model")),
        ("the Default Model (i.e. DM) assigns", ("DM", "Default Model")),
        ("The DM (i.e., Default Model) assigns", ("DM", "Default Model")),  # its comma too
        ("the secrecy rate (ie, SR) versus", ("SR", "secrecy rate")),
        (  # a first word that qualifies the name and that the short form leaves out
            "The FDA (U.S. Food and Drug Administration) approved it.",
            ("FDA", "Food and Drug Administration"),
        ),
        (
            "For example, the CLDR (Unicode Common Locale Data Repository) includes",
            ("CLDR", "Common Locale Data Repository"),
        ),
        (  # a question mark for a letter an encoding lost (ACL anthology text)
            "Two classifiers, Na??ve Bayes (NB) and",
            ("NB", "Na??ve Bayes"),
        ),
        ("a magazine called Ci?ncia Hoje (CH).", ("CH", "Ci?ncia Hoje")),
        (  # a long form after a comma runs across it to explain every letter
            "dependent countries in the African, Caribbean and Pacific (ACP) region",
            ("ACP", "African, Caribbean and Pacific"),
        ),
        (
            "planned disarmament, demobilization and reintegration (DDR) programmes",
            ("DDR", "disarmament, demobilization and reintegration"),
        ),
        (
            'rules are based on the KYC ("Know Your Customer") principle.',
            ("KYC", "Know Your Customer"),
        ),
        (
            "Sir John, C.B.E. (Commander of the Order of the British Empire) for services",
            ("C.B.E.", "Commander of the Order of the British Empire"),
        ),
        (  # a citation the tokeniser cut after the semicolon (SciREX)
            "based on the successor representation [ SR; ][] Dayan93 . The SR",
            ("SR", "successor representation"),
        ),
        (  # a bracket listing short forms: the first is defined when every letter is explained
            "The true positive rate (TPR, FPR) is shown.",
            ("TPR", "true positive rate"),
        ),
        (  # after a semicolon comes another name, not a list (BIOADI gold)
            "A novel ribosomal S6-kinase (RSK4; RPS6KA6) is commonly deleted",
            ("RSK4", "ribosomal S6-kinase"),
        ),
        (  # a comma or a dash before the bracket belongs to neither form (SciAI, SDU@AAAI-22)
            "The Latin American Giant Observatory, (LAGO), is an observatory.",
            ("LAGO", "Latin American Giant Observatory"),
        ),
        (
            "devised schemes that use the Triad Significance Profile – (TSP) of each node",
            ("TSP", "Triad Significance Profile"),
        ),
        ("The key performance indicator - (KPI) rose.", ("KPI", "key performance indicator")),
        (  # a short form that opens a bracket, its long form after the comma (here in English)
            "un réseau de neurones convolutif (CNN, convolutional neural network) pour la vision",
            ("CNN", "convolutional neural network"),
        ),
        (  # a glossary's "SF = long form" (SDU@AAAI-22), to the next punctuation mark
            "temperature and humidity (RH = relative humidity) and LEM = lemma ? MOR",
            ("RH", "relative humidity"),
        ),
        ("LEM = lemma ? MOR = morphology", ("LEM", "lemma")),
        (  # a paragraph number that a lost line break glued to the end (SDU@AAAI-22 gold)
            "Notes: PI = Positive Ignition CI = Compression Ignition 5.4. Test cycles",
            ("CI", "Compression Ignition"),
        ),
        ("and services GS = General Service 37. The", ("GS", "General Service")),
        ("NEMO = NF-κB essential modulator; IKK", ("NEMO", "NF-κB essential modulator")),
        (  # the bracket's first item, when it explains the short form, is the long form
            "Operators use the SIS (safety instrumented system, IEC 61511) to trip the pumps.",
            ("SIS", "safety instrumented system"),
        ),
        (  # and the whole bracket when the first item does not
            "SPARC (secreted protein, acidic and rich in cysteine) binds collagen.",
            ("SPARC", "secreted protein, acidic and rich in cysteine"),
        ),
        (  # function words take no room in the window (Schwartz and Hearst's |SF| + 5 words)
            "The Office of the Comptroller of the Currency (OCC) issued guidance.",
            ("OCC", "Office of the Comptroller of the Currency"),
        ),
        # a longer number of the same name, a name with a verb in it, a hyphen set before it
        ("the ACE 2007 (ACE07) Evaluation Plan", ("ACE07", "ACE 2007")),
        (
            "the campaign Sexual Harassment is Out (SHOUT) ran",
            ("SHOUT", "Sexual Harassment is Out"),
        ),
        ("el Fusil Automático Liviano -FAL, modelo PARA", ("FAL", "Fusil Automático Liviano")),
        ("Flags: must be zero (MBZ) in this field.", ("MBZ", "must be zero")),
        (  # quotes around a long form after a cue are no part of it
            "UTF stands for “Unicode Transformation Format”,\nand the",
            ("UTF", "Unicode Transformation Format"),
        ),
        (
            "policies particularly Poverty Reduction Strategy Papers (PRSP, etc), in their",
            ("PRSP", "Poverty Reduction Strategy Papers"),
        ),
        (
            "thanks the Office of the Special Coordinator for Africa and the Least Developed "
            "Countries (OSCAL) for the report",
            (
                "OSCAL",
                "Office of the Special Coordinator for Africa and the Least Developed Countries",
            ),
        ),
    ],
)
def test_english_patterns(text: str, expected: tuple[str, str]) -> None:
    assert expected in pairs(text)


def test_an_equals_sign_keeps_a_year_in_a_name() -> None:
    assert pairs("Members: UK = United Kingdom 2012.") == [("UK", "United Kingdom 2012")]


def test_an_equals_sign_reads_no_formula() -> None:
    assert pairs("ước lượng hậu nghiệm θM AP = argmaxθ p ( θ | D ) và") == []


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [  # a drafting cue, a comma or a colon, then the name the text will use
        (
            'The General Data Protection Regulation (hereinafter, the "GDPR") applies.',
            "en",
            [("GDPR", "General Data Protection Regulation")],
        ),
        (
            "The Service Level Agreement (hereafter: SLA) applies.",
            "en",
            [("SLA", "Service Level Agreement")],
        ),
        (
            "El presente Acuerdo de Nivel de Servicio (en adelante, el «ANS») regula.",
            "es",
            [("ANS", "Acuerdo de Nivel de Servicio")],
        ),
        (
            "El Acuerdo de Nivel de Servicio (en lo sucesivo, ANS) regula.",
            "es",
            [("ANS", "Acuerdo de Nivel de Servicio")],
        ),
        (
            "El Acuerdo de Nivel de Servicio, en lo sucesivo ANS, regula.",
            "es",
            [("ANS", "Acuerdo de Nivel de Servicio")],
        ),
        ('The EU GDPR (hereinafter, "GDPR") applies.', "en", []),  # a name, not a long form
        # outside a bracket, a quoted name after the cue (and its article)
        (
            'The Service Level Agreement, hereinafter referred to as the "SLA", applies.',
            "en",
            [("SLA", "Service Level Agreement")],
        ),
        (
            "The Federal Reserve System, hereinafter the “Fed”, shall act.",
            "en",
            [("Fed", "Federal Reserve System")],
        ),
        ('This Agreement, hereinafter the "Agreement", binds.', "en", []),
        ('The parties, hereinafter "the Parties", agree.', "en", []),
        (
            "El Acuerdo de Nivel de Servicio, en lo sucesivo denominado «ANS», regula.",
            "es",
            [("ANS", "Acuerdo de Nivel de Servicio")],
        ),
        (  # French, read by the Spanish rules
            "La Caisse nationale d'assurance maladie, ci-après dénommée « CNAM », paie.",
            "es",
            [("CNAM", "Caisse nationale d'assurance maladie")],
        ),
        (
            "La Caisse nationale d'assurance maladie (ci-après, la « CNAM ») paie.",
            "es",
            [("CNAM", "Caisse nationale d'assurance maladie")],
        ),
    ],
)
def test_a_drafting_cue_may_take_a_comma(
    text: str, lang: str, expected: list[tuple[str, str]]
) -> None:
    assert pairs(text, lang) == expected


@pytest.mark.parametrize(
    ("text", "short"),
    [  # legal drafting names a short form with an article and quotes
        ('The Federal Reserve System (the "Fed") shall be informed.', "Fed"),
        ("The General Data Protection Regulation (the GDPR) applies.", "GDPR"),
        (
            "The General Data Protection Regulation (hereinafter referred to as the “GDPR”) applies.",
            "GDPR",
        ),
    ],
)
def test_an_article_before_a_short_form_in_a_bracket_is_no_part_of_it(
    text: str, short: str
) -> None:
    [definition] = find_definitions(Document(text, lang="en"))
    assert definition.short.text == short
    assert text[definition.short.start : definition.short.end] == short
    assert definition.long.text.endswith(("Federal Reserve System", "Data Protection Regulation"))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (  # a possessive 's before the bracket belongs to neither form (SciAI and SDU gold)
            "The World Health Organization's (WHO) guidelines were followed.",
            ("WHO", "World Health Organization"),
        ),
        ("to this , New York University 's ( NYU ) and", ("NYU", "New York University")),
        # a short form of two words is a definition when the words before do not hold it verbatim
        (
            "infections with Staphylococcus aureus (S. aureus) were",
            ("S. aureus", "Staphylococcus aureus"),
        ),
        # a citation after the short form is no part of it
        (
            "Graph convolutional networks (GCNs [12]) are popular.",
            ("GCNs", "Graph convolutional networks"),
        ),
        (
            "a convolutional neural network (CNN [ reference ]) works",
            ("CNN", "convolutional neural network"),
        ),
        # a cue word between the long form's comma and the short form
        (
            "a new approach (Orthogonal Embedding CNNs, or OE-CNNs) here",
            ("OE-CNNs", "Orthogonal Embedding CNNs"),
        ),
        (  # nor the quotes around the long form
            "it aims at ( ' artificial general intelligence ' , or AGI ) in the end",
            ("AGI", "artificial general intelligence"),
        ),
        # two names in one bracket: the first is the short form
        (
            "The area under the receiver operating characteristic curve (AUROC or AUC) was high.",
            ("AUROC", "area under the receiver operating characteristic curve"),
        ),
        (
            "sensors for exhaust gas oxygen (EGO or lambda sensors) here",
            ("EGO", "exhaust gas oxygen"),
        ),
        (  # the second, when the first is a name with an article
            "The European Data Protection Board (the Board or EDPB) shall act.",
            ("EDPB", "European Data Protection Board"),
        ),
        (  # a quoted short form after the comma
            'public authorities (the supervisory authority, "SA") monitor',
            ("SA", "supervisory authority"),
        ),
        ("A knowledge graph (KG for short) stores triples.", ("KG", "knowledge graph")),
    ],
)
def test_what_sits_beside_the_short_form_in_the_bracket(
    text: str, expected: tuple[str, str]
) -> None:
    [definition] = find_definitions(Document(text, lang="en"))
    short, long = definition.short, definition.long
    assert (short.text, long.text) == expected
    assert (text[short.start : short.end], text[long.start : long.end]) == expected


def test_a_lower_case_first_name_in_a_bracket_of_two_is_no_short_form() -> None:
    assert pairs("the generation probabilities (gen or p gen) are summed") == []


def test_a_name_with_an_article_in_a_bracket_of_two_is_no_short_form() -> None:
    assert pairs("The Government introduced a Bill (the Bill or the Act) today.") == []


def test_two_words_in_a_bracket_are_no_short_form() -> None:
    # ntfs3's manual: a table's row ends in a word that starts the long form's letters
    assert pairs("showmeta\tUse this parameter to show all meta-files (System Files) on it") == []
    # a short form of two words holds a capital beyond the first letter, or a word no word list
    # holds (BioADI)
    assert pairs("the Intel Processor Trace (Intel PT) unit") == [
        ("Intel PT", "Intel Processor Trace")
    ]
    assert pairs("the paired domain (Prd domain) binds") == [("Prd domain", "paired domain")]
    # and a list of names in a bracket, two-word names among them, is no definition either
    assert pairs("ocho países beneficiarios (Benin, Burkina Faso, Ghana, Kenya)", "es") == []


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        (
            "Facts are kept in a KB, namely a knowledge base, for later.",
            "en",
            ("KB", "knowledge base"),
        ),
        ("We train an LM, i.e. a language model, on text.", "en", ("LM", "language model")),
        (
            "They used a GAN, that is, a generative adversarial network.",
            "en",
            ("GAN", "generative adversarial network"),
        ),
        (
            "Tiene HTA, es decir, hipertensión arterial, desde 2010.",
            "es",
            ("HTA", "hipertensión arterial"),
        ),
    ],
)
def test_a_short_form_then_namely_and_its_long_form(
    text: str, lang: str, expected: tuple[str, str]
) -> None:
    assert pairs(text, lang) == [expected]


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        (
            "Abbreviations: ALT, alanine aminotransferase; BMI, body mass index; CI, confidence"
            " interval.\n\nThe ALT was high; RR, relative risk.",
            "en",
            [
                ("ALT", "alanine aminotransferase"),
                ("BMI", "body mass index"),
                ("CI", "confidence interval"),  # not RR: the list ends at the blank line
            ],
        ),
        (
            "ABBREVIATIONS\nALT\talanine aminotransferase\nAST = aspartate aminotransferase\n",
            "en",
            [("ALT", "alanine aminotransferase"), ("AST", "aspartate aminotransferase")],
        ),
        (
            "Abreviaturas: HTA: hipertensión arterial; ERC, enfermedad renal crónica.",
            "es",
            [("HTA", "hipertensión arterial"), ("ERC", "enfermedad renal crónica")],
        ),
        ("Abbreviations: ALT, aspartate aminotransferase; CI, odds ratio.", "en", []),
    ],
)
def test_a_list_of_abbreviations(text: str, lang: str, expected: list[tuple[str, str]]) -> None:
    assert pairs(text, lang) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Terms:\n- API: Application Programming Interface\n* CLI – command-line interface\n"
            "1. SVM = support vector machine (Vapnik)\n\\item RL -- reinforcement learning",
            [
                ("API", "Application Programming Interface"),
                ("CLI", "command-line interface"),
                ("SVM", "support vector machine"),
                ("RL", "reinforcement learning"),
            ],
        ),
        (  # lines like it in a row make a glossary (a blank line between them too); one alone is prose
            "JSON: JavaScript Object Notation\nCSV: comma-separated values\n\nXML: Extensible "
            "Markup Language\n\nNote\nDB: database\n\n\nCI: continuous integration",
            [
                ("JSON", "JavaScript Object Notation"),
                ("CSV", "comma-separated values"),
                ("XML", "Extensible Markup Language"),
            ],
        ),
        (  # settings and fields: no long form spells its name
            "- TIMEOUT: time out in seconds\n- PORT: the port number\n- GPU: NVIDIA A100\n"
            "- Name: John Smith\n- ID: identifier",
            [("ID", "identifier")],
        ),
        (  # a value's type in braces, as JSDoc and Node.js's documentation write it
            "* key: {KeyObject}\n* Type: {Buffer|TypedArray|DataView}\n"
            "* agent {http.Agent | boolean} Controls Agent behavior.\n* FD: file descriptor",
            [("FD", "file descriptor")],
        ),
        (  # a Markdown table's rows, one alone too; not a table of results or settings
            "| Abbreviation | Meaning |\n|---|---|\n| AI | Adequate intake |\n\n"
            "| Model | F1 |\n|---|---|\n| SVM | 81.2 |\n\n| GPU | NVIDIA A100 |\n"
            "| CRF | conditional random field | 2001 |",
            [("AI", "Adequate intake"), ("CRF", "conditional random field")],
        ),
        (  # a spreadsheet's rows: a long form ends at its cell's tab, a gap's cell skipped
            "AE\tadverse event\t12\nSAE\tserious adverse event\t3\nECG\t\telectrocardiogram\n",
            [
                ("AE", "adverse event"),
                ("SAE", "serious adverse event"),
                ("ECG", "electrocardiogram"),
            ],
        ),
        (  # a long form in one cell, not across the cells before it ("gri|SCF" is one word)
            "| Wordnet Bahasa | `omw-zsm:2.0` | 36911 | Malaysian [zsm] |\n"
            "| results | 5 | mean squared error (MSE) |\nthe gri|SCF (GS) model",
            [("MSE", "mean squared error"), ("GS", "gri|SCF")],
        ),
        (  # definition lists: reStructuredText's and a Sphinx glossary's, Pandoc's
            "Glossary\n\nAPI\n   Application Programming Interface\n   .. glossary::\n\n"
            "   GPU\n      graphics processing unit\n\nROC\n\n:   receiver operating "
            "characteristic\nCRF\n~ conditional random field",
            [
                ("API", "Application Programming Interface"),
                ("GPU", "graphics processing unit"),
                ("ROC", "receiver operating characteristic"),
                ("CRF", "conditional random field"),
            ],
        ),
        (  # a dash set apart ends a long form that explains every letter before it; a
            # placeholder is none (Node.js's glossary, Debian's bug templates)
            "* FFDC: First Failure Data Capture - Logs, traces\n"
            "* LSTM: Long Short - Term Memory\nSeconded: <seconder>\nUsertags: <usertag...>\n",
            [("FFDC", "First Failure Data Capture"), ("LSTM", "Long Short - Term Memory")],
        ),
        (  # an index of functions: a name in code is no long form (libxslt's API index)
            "xsl\tXSLT_TRACE\n\nxsl:\t_xsltPrincipalStylesheetData\n\n"
            "xmlGetNsProp\txsltGetCNsProp\n\nJS\tJavaScript\n",
            [("JS", "JavaScript")],
        ),
        (  # a term not indented under, code, a heading's underline, a setting's name
            "API\nApplication Programming Interface\nif DEBUG\n    print(x)\nCNN\n---\n"
            "Convolutional networks\nTIMEOUT\n    time out in seconds",
            [],
        ),
    ],
)
def test_a_glossary_with_no_heading(text: str, expected: list[tuple[str, str]]) -> None:
    assert pairs(text) == expected


def test_calls_and_class_statements_define_nothing() -> None:
    text = (
        "FUNCTIONS\n    fchdir(fd)\n        Change to the directory of the file descriptor fd.\n"
        "    heappush(heap, item)\n    pidfd_open(pid, flags=0)\n    urlopen(url, data=None)\n\n"
        "CLASSES\n    class Path(PurePath)\n    class error_perm(Error)\n"
        "    PI = ProcessingInstruction(target, text=None)\n"
        "DATA\n    DEFAULTSECT = 'DEFAULT'\n"
        "user\n    username to lookup\ndate\n    datetime\n"
        "    CLASS->_add(OBJ1, OBJ2)\n        Addition.\n"
        "init_INST\n        $mm->init_INST;\nDISTVNAME     name of the archive   $(DISTNAME)\n"
    )
    assert pairs(text) == []
    glued = (
        "We train a Support Vector Machine(SVM) and a random forest(RF); the file descriptor(fd)."
        " Types: person(PER), social_relation(SREL)."
    )
    assert pairs(glued) == [
        ("SVM", "Support Vector Machine"),
        ("RF", "random forest"),
        ("fd", "file descriptor"),
        ("PER", "person"),
        ("SREL", "social_relation"),
    ]  # prose that lost its spaces still defines


def test_a_manual_page_s_options_headings_files_and_links_define_nothing() -> None:
    text = (
        "OPTIONS\n   Operation modifiers\n       --http2\n              (HTTP) Tells curl to use"
        " HTTP/2.\n       --tlsv1.3\n              (TLS) Forces TLS 1.3.\n"
        "   Coprocesses\n       A coprocess is a shell command preceded by the coproc word.\n"
        "kill-region\n    Kill the text in the current region.\n"
        "It writes ~/.ssh/id_dsa (DSA) or ~/.ssh/id_rsa (RSA). Elements are written array[expr].\n"
        "GPU\n    graphics processing unit\n"
        "1. Overview\t\t\t|job-channel-overview|\n2. Font\t\t\t\t|gui-font|\n"
        "   forward-char (C-f)\n   character-search (C-])\n   find-file (C-x C-f)\n"
    )
    assert pairs(text) == [("GPU", "graphics processing unit")]
    assert pairs("a carbon-sulphur (C-S) bond") == [("C-S", "carbon-sulphur")]  # no key
    # ip-route(8): an option's argument and the next one, an identifier built on it
    assert pairs("action SEG6_ACTION [ SEG6_ACTION_PARAM ] [ count ]") == []


def test_namely_before_words_that_do_not_spell_the_short_form_defines_nothing() -> None:
    assert pairs("two of the models of ETAP, namely the syntactic structures, are used") == []


def test_an_article_that_opens_a_long_form_in_a_bracket_stays() -> None:
    text = "The ADAM (A Disintegrin And Metalloprotease) family is known."
    assert pairs(text) == [("ADAM", "A Disintegrin And Metalloprotease")]


def test_a_name_said_again_after_an_article_is_no_long_form() -> None:
    text = "desarrollo de la capacidad en los Estados de la India (la India, 2007); j)"
    assert pairs(text, "es") == []


def test_a_long_form_runs_across_a_comma_but_not_across_another_definition() -> None:
    text = "Fecha de ratificación, aceptación(A), aprobación(AA) o adhesión (a)"
    assert ("AA", "aprobación") in pairs(text, "es")


def test_only_a_round_bracket_sends_the_long_form_back_past_a_comma() -> None:
    text = "a 7,8-dihydro-8-oxoguanine (8-OxoG) paired with a cytosine, [8-OxoG.C], are 56"
    assert pairs(text) == [("8-OxoG", "7,8-dihydro-8-oxoguanine")]  # SH corpus


@pytest.mark.parametrize(
    ("text", "expected"),
    [  # words a line break hyphenated, as text taken from a PDF has them
        ("We use a recur- rent neural network (RNN) here.", ("RNN", "recur- rent neural network")),
        ("a con-\nvolutional neural network (CNN) is", ("CNN", "con-\nvolutional neural network")),
        ("Recur- rent neural networks (RNNs) work.", ("RNNs", "Recur- rent neural networks")),
        ("long short- term memory (LSTM) units", ("LSTM", "long short- term memory")),
        ("pre- and post-processing steps (PPS) run", ("PPS", "post-processing steps")),
    ],
)
def test_words_broken_at_a_line_end(text: str, expected: tuple[str, str]) -> None:
    assert pairs(text) == [expected]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("recur- rent neural\nnetwork", "recurrent neural network"),
        ("con-\nvolutional", "convolutional"),
        ("long short- term memory", "long short-term memory"),  # a compound broken at its hyphen
        ("pre- and post-processing", "pre- and post-processing"),
        ("low- to high-resolution", "low- to high-resolution"),
        ("IL- 6", "IL- 6"),
    ],
)
def test_unbroken(text: str, expected: str) -> None:
    assert unbroken(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("inicio de nutrición parenteral (NPT) sin aporte", ("NPT", "nutrición parenteral")),
        (
            "la reacción en cadena de la polimerasa (PCR) fue",
            ("PCR", "reacción en cadena de la polimerasa"),
        ),
        ("su índice de masa corporal (IMC) era normal", ("IMC", "índice de masa corporal")),
        ("a la Unidad Metabólica Ósea (UMO) con", ("UMO", "Unidad Metabólica Ósea")),
        (
            "estudio PET (tomografía por emisión de positrones) normal",
            ("PET", "tomografía por emisión de positrones"),
        ),
        (  # its second T inside a word, not "torácica y …" read in any order
            "Se solicita TC torácica y ecocardiograma transtorácico (ETT).",
            ("ETT", "ecocardiograma transtorácico"),
        ),
        ("por distrito Distrito y subdistrito (S.D.) 31", ("S.D.", "subdistrito")),
        (  # cues that call the bracket the short form's expansion
            "el síndrome TORCH (acrónimo de Toxoplasma, Rubéola, Citomegalovirus y Herpes) es",
            ("TORCH", "Toxoplasma, Rubéola, Citomegalovirus y Herpes"),
        ),
        (
            'el canal en formato RSS (del inglés "Really Simple Syndication"), también',
            ("RSS", "Really Simple Syndication"),
        ),
        (
            "La sigla TCS (anteriormente Teaching Company Scheme) designa",
            ("TCS", "Teaching Company Scheme"),
        ),
        (  # a name whose short form abbreviates it in another language, as the bracket says
            "con apoyo de la Agencia de Cooperación Internacional de Corea (KOICA, por sus "
            "siglas en inglés) se hizo",
            ("KOICA", "Agencia de Cooperación Internacional de Corea"),
        ),
        (
            "La Administración de Alimentos y Medicamentos (FDA por sus siglas en inglés) aprobó",
            ("FDA", "Administración de Alimentos y Medicamentos"),
        ),
        (
            "La Administración de Alimentos y Medicamentos (FDA, en inglés) aprobó",
            ("FDA", "Administración de Alimentos y Medicamentos"),
        ),
        (  # the name wins over the letters it happens to hold
            "Le Centre Technique de Coopération Agricole (CTA, sigle en anglais) publie",
            ("CTA", "Centre Technique de Coopération Agricole"),
        ),
        ("Alberto II de Mónaco (habla en francés): Señor Presidente", None),
        (  # or as its capitals show: two of its initials are letters of the short form
            "Trabaja con el Fondo de Población de las Naciones Unidas (FNUAP) y otros.",
            ("FNUAP", "Fondo de Población de las Naciones Unidas"),
        ),
        (
            "El Comité para la Eliminación de la Discriminación contra la Mujer (CEDAW) examinó",
            ("CEDAW", "Comité para la Eliminación de la Discriminación contra la Mujer"),
        ),
        (  # the letters, read in any order, reach no word before the name
            "grandes contribuyentes como el Fondo de las Naciones Unidas para la Infancia "
            "(UNICEF), la OMS",
            ("UNICEF", "Fondo de las Naciones Unidas para la Infancia"),
        ),
    ],
)
def test_spanish_clinical_text(text: str, expected: tuple[str, str] | None) -> None:
    found = pairs(text, "es")
    assert expected in found if expected else found == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (  # French writes a name's words after its head noun in lower case
            "Le Fonds des Nations Unies pour l'enfance (UNICEF) a publié un rapport.",
            ("UNICEF", "Fonds des Nations Unies pour l'enfance"),
        ),
        (
            "avec l'Organisation des Nations Unies pour l'éducation, la science et la culture "
            "(UNESCO) se",
            ("UNESCO", "Organisation des Nations Unies pour l'éducation, la science et la culture"),
        ),
        (  # an adjective before the head
            "Le Haut Commissariat des Nations Unies pour les réfugiés (HCR) aide.",
            ("HCR", "Haut Commissariat des Nations Unies pour les réfugiés"),
        ),
        (
            "Le Haut-Commissariat des Nations Unies aux droits de l'homme (HCDH), le PNUD",
            ("HCDH", "Haut-Commissariat des Nations Unies aux droits de l'homme"),
        ),
        (  # the letters found a long form inside the name: on a lower-case word
            "Il s'agit du Centre du commerce international (CCI), d'autres.",
            ("CCI", "Centre du commerce international"),
        ),
        (  # or right after a capitalised word
            "la Organización Internacional de Policía Criminal (INTERPOL) y",
            ("INTERPOL", "Organización Internacional de Policía Criminal"),
        ),
        (  # glued marks stay in the name
            "le Programme commun des Nations Unies sur le VIH/sida (ONUSIDA) M",
            ("ONUSIDA", "Programme commun des Nations Unies sur le VIH/sida"),
        ),
        (  # without an elided article
            "organisée par l'Organisation internationale du Travail (OIT), le D",
            ("OIT", "Organisation internationale du Travail"),
        ),
        (
            "avec l'Agence de Coopération Internationale du Japon (JICA, sigle en anglais) et",
            ("JICA", "Agence de Coopération Internationale du Japon"),
        ),
        (  # not across a list
            "la OSCE y las organizaciones no gubernamentales (ONG) participan",
            ("ONG", "organizaciones no gubernamentales"),
        ),
        (  # nor over capitalised words before the head that are no adjective of it
            "Según Front Line Defenders (FLD) y otros",
            ("FLD", "Front Line Defenders"),
        ),
        (  # a name inside another: the outer head brings the first letter
            "suivantes : Mission de l'Organisation des Nations Unies en République démocratique "
            "du Congo (MONUC) (14 postes)",
            (
                "MONUC",
                "Mission de l'Organisation des Nations Unies en République démocratique du Congo",
            ),
        ),
        (  # or a word between the head and the long form the letters found
            "de la Mission d'observation des Nations Unies en El Salvador (ONUSAL) qui a",
            ("ONUSAL", "Mission d'observation des Nations Unies en El Salvador"),
        ),
        (
            "el Oficial del Departamento de Apoyo al Desarrollo y de Servicios de Gestión "
            "(DADSG) y",
            ("DADSG", "Departamento de Apoyo al Desarrollo y de Servicios de Gestión"),
        ),
        (  # from the head when the name's initials hold more of the short form's letters
            "los países de la Asociación de Naciones del Asia Sudoriental (ASEAN) acordaron",
            ("ASEAN", "Asociación de Naciones del Asia Sudoriental"),
        ),
        (  # but not across a list
            "el Foro Mundial de las Comunidades Pesqueras, el Colectivo Internacional de Apoyo "
            "al Pescador Artesanal (CIAPA) y",
            ("CIAPA", "Colectivo Internacional de Apoyo al Pescador Artesanal"),
        ),
        (  # not to an outer head when the long form brings the first letter itself
            "el Comité de la Organización Mundial de la Salud (OMS) se reunió",
            ("OMS", "Organización Mundial de la Salud"),
        ),
        (  # a name whose first words' initials are the short form
            "el Sistema Armonizado de Designación y Codificación de Mercancías (SA); b) la",
            ("SA", "Sistema Armonizado de Designación y Codificación de Mercancías"),
        ),
        (
            "le Système harmonisé de désignation et de codification des marchandises (SH); b)",
            ("SH", "Système harmonisé de désignation et de codification des marchandises"),
        ),
    ],
)
def test_names_from_their_head_noun(text: str, expected: tuple[str, str]) -> None:
    assert expected in pairs(text, "es")


def test_a_name_from_its_head_holds_letters_of_the_short_form() -> None:
    # Agence, allemande, coopération, technique: one initial of GTZ
    assert pairs("l'Agence allemande de coopération technique (GTZ), l'US", "es") == []


@pytest.mark.parametrize(
    "text",
    [
        "con apoyo de la Federación de Rusia (UNEP) y otros",  # a place, not the agency's name
        "en la Sede de las Naciones Unidas (A/67/777) se",  # a document's symbol
        "el Ministerio de Salud y la Organización Mundial (WHO) firmaron",  # Mundial: one letter
        "con el Fondo Mundial para la Naturaleza (WWF) y",  # initials not the short form's
    ],
)
def test_capitals_before_a_bracket_are_not_always_its_name(text: str) -> None:
    assert pairs(text, "es") == []


@pytest.mark.parametrize(
    "text",
    [
        "el indicador de la «paridad del poder adquisitivo» (PPA) sirve",
        "el indicador de la « paridad del poder adquisitivo » (PPA) sirve",
        "el indicador de la paridad del poder adquisitivo (« PPA ») sirve",
    ],
)
def test_guillemets(text: str) -> None:
    expected = ("PPA", "paridad del poder adquisitivo")
    assert expected in pairs(text, "es")


def test_a_previous_definition_does_not_join_the_next_long_form() -> None:
    found = pairs("las resistencias vasculares sistémica (RVS) y pulmonar (RVP). No", "es")
    assert ("RVS", "resistencias vasculares sistémica") in found
    assert all(short != "RVP" or "(" not in long for short, long in found)


@pytest.mark.parametrize(
    "text",
    [
        "Results were significant (p < 0.05) in 12 patients (n = 12).",
        "This was shown before (Smith et al., 2003) and again (2003).",
        "The steps are (i) parse and (ii) align, (a) first and (b) second.",
        "Add 10 milligrams per kilogram (mg) daily at 5 (mM).",
        "The formula (x + y = z) holds for all x.",
        "Cells were grown in culture (Fig. 1A) for 3 days (d).",
        "The heart (left) was larger than the lung (right).",
        "the catalytic domain of mammalian H-Ras (Ras) was",
        "the chaperone Hsp82 (Hsp90) and the E2 protein Ubc1 (Ubc1(Delta450)) bind",
        "interaction between SerRS and the tRNAs(Ser) was",
        "una malla protésica de polipropileno (Prolene®) de 15 x 15 cm",
        "for biological investigations (i.e., by screening) and the long alpha-helix (helix 3)",
        "increasing the number of trees twofold (to 4096) and the negatives fivefold (to 50)",
        "tested on the test set (Set14) and the last layer (Layer3)",
        "The rates (TPR, FPR) are shown.",
        "The models (CNN, LSTM) and the years (WHO, 2019) are shown.",
        # a list of names that holds the short form again (SH)
        "Three dinucleotides (8-diN3AP4A, monoepsilon-8-diN3AP4A, and diepsilon-8-diN3AP4A)",
        "where P (DA = da | W) is the probability",
        "The parliament passed a law (the Bill) and a contract (the “Contract”).",
        # words after an article that describe the short form, not spell it
        "represented in standard formats with EMF (an Ecore model for each one) and",
        # the word a qualifier would skip is part of the short form
        "2014 proposed an Open RE (Open Relation Extraction) for Chinese",
        # after a comma, a species glued to a gene's name (BIOADI)
        "two novel transmembranous human and murine semaphorins, (HSA)SEMA6A-1 and (MMU)Sema6A-1",
        # a name of two words the words before hold verbatim: a place, not a definition
        "shares on the New York Stock Exchange (New York) rose",
        "the Mountain View shooting death ( Mountain View ) was reported",
        # a reference to a part of the text, not a short form and its value (as "(LDH 4.8 U/l)")
        "set by the text search configuration (Section\u00a012.7) and the rates (Table 3)",
        # a bracket that lists examples in small letters (PostgreSQL's manual, a man page)
        "converting various data types (date/time, integer, floating point, numeric) to strings",
        "a filesystem node (file, device special file or named pipe)",
        # an example, and a standard by its number (Python's library reference)
        "A character reference to a character which is illegal in XML (for\nexample, character 0)",
        "even though it's not in the relevant specification (RFC 5424) and (ISO 8601)",
        # a word that the bracket after it explains again, in either number
        "Class 58 — System Error (errors external to PostgreSQL itself)",
        # a long form that holds the short form as a piece between commas: a citation, a list
        "we have applied the COLLINS (Collins, 1999) parser",
        "is based on Random Indexing, introduced by Kanerva (Kanerva, 1988).",
        "the set operations union, Combining Queries (UNION, INTERSECT, EXCEPT)",
        # a bracket that points elsewhere, and an item's number (nettle's manual, GCC's news)
        "ChaCha is a variant of the stream cipher Salsa20 (see Salsa20), below",
        "high-resolution satellite imagery ( see SI ) and the tables (cf. SM)",
        "eliminates false positives in practice\n    (PR101962).",
        # a bracket that goes on as a clause (the kernel's power management guide)
        "If your disk driver does not support suspend… (IDE does)",
        # a call, a sibling with another number, a reference by number, a library's file, a
        # word in quotes again, an option, a clause and a plural's singular (Python's change log,
        # the kernel's and Valgrind's manuals)
        "Add support for os.PathLike objects to open() (part of\nPEP 519). A custom opener (for"
        " open()) returns",
        "Those mapped into VM_LOCKED [mlock()ed] VMAs.",
        "Speedup some properties of IP addresses (IPv4Address,\nIPv6Address) such as",
        "tags:0     (or tags:1 )    tagged command queuing disabled",
        "The copy module now uses pickle protocol 4 (PEP 3154) and",
        "configured with --without-static-libpython, the Python static library (libpython.a) is",
        "Only string prefixes are detected for both ClassVar (“ClassVar”\nand “typing.ClassVar”)",
        "Windows installer does not precompile for -O or -OO.",
        "Unfortunately Qt 4.X has its own implementation of mutexes (QMutex) and thread reaping.",
        "new contributions must be attributed in a copyright notice identifying the author"
        " (“Contributor”) and added",
        "if the architecture supports IOMMUs (including software IOMMU).",
        # a manual page's name, kinds of a thing, a table's rules, a bracket closed before the
        # long form, a word said again with dots (manual pages as `man` prints them)
        "(see vdso(7)) and the virtual DSO (vdso(7)) it maps",
        "would be inode 1502 on device major 03\n (IDE, MFM, etc. drives) minor 01",
        "│ chown(2)  │ Changing file ownership │ (CFO) │",
        "│ Changing file ownership │ (CFO) │",
        "\tEVENT [EVENT...] : RESULT [# COMMENT]",
        "",
        "((((((",
        "_(",
        "__ (x) _(SVM)",
        ")))(((",
    ],
)
def test_no_false_pairs(text: str) -> None:
    assert pairs(text) == []


def test_a_long_form_closes_no_bracket_it_did_not_open() -> None:
    # lsof's manual page: a table's rows, each name's socket option in a bracket
    text = "RCVBUF    receive buffer length (SO_RCVBUF)\n    SNDBUF    send buffer length (SO_SB)"
    assert pairs(text) and all(")" not in long for _, long in pairs(text))


def test_a_constants_name_is_no_long_form() -> None:
    # systemd.socket(5), user_namespaces(7), ssl(7ssl): names code gives define nothing
    for text in (
        "the socket will use the UDP-Lite (IPPROTO_UDPLITE) protocol",
        "the process must have the CAP_SETUID (CAP_SETGID) capability",
        "SSL_METHOD (SSL Method) is a dispatch structure",
    ):
        assert pairs(text) == []
    # a name in small letters still names its short form (terminfo's capabilities)
    assert pairs("This includes the no_color_video (ncv) capability.") == [
        ("ncv", "no_color_video")
    ]


def test_a_keyword_is_no_short_form_of_its_own_word() -> None:
    # CMake's pages: a call's keyword in capitals spelled by a word before it
    for text in (
        "targets that should be exported by the install(EXPORT) command",
        "normally downloaded using the file(DOWNLOAD) command",
    ):
        assert pairs(text) == []
    # a category's name after its word defines it, as the SDU@AAAI-22 gold reads it
    assert pairs("treating all elements equally (EQUAL)") == [("EQUAL", "equally")]
    # a truncation, most of a word left out, or a name the initials spell, still defines
    assert pairs("the configuration (CONFIG) file") == [("CONFIG", "configuration")]
    assert pairs("Reaching Everyone for Active Citizenry @ Home (REACH) began") == [
        ("REACH", "Reaching Everyone for Active Citizenry @ Home")
    ]


def test_a_long_form_stays_in_its_tables_column() -> None:
    # lsof(8): a socket option's name, a tab, its words: they gloss the name, and the option's
    # name in the bracket takes no long form from the column before
    text = "\tRCVBUF\treceive buffer length (SO_RCVBUF)\n\tSNDBUF\tsend buffer length (SO_SNDBUF)\n"
    assert pairs(text) == [("RCVBUF", "receive buffer length"), ("SNDBUF", "send buffer length")]
    assert pairs("SNDBUF\tsend buffer length (SO_SNDBUF)") == []
    # a row's later cells end there too (editres(1)'s menus); a tab between words is a space
    assert pairs("N\tShow Widget Names\tsupport vector machine (SVM)") == [
        ("SVM", "support vector machine")
    ]
    assert pairs("the support\tvector machine (SVM)") == [("SVM", "support\tvector machine")]


@pytest.mark.parametrize(
    "text", ["SVM", "IL-6", "NF-κB", "mRNA", "CNNs", "3D", "DM tipo", "LC(50)", "PGE(2)", "lgj(2J)"]
)
def test_short_form_shapes(text: str) -> None:
    assert looks_like_short_form(text)


@pytest.mark.parametrize(
    "text",
    [
        *("2003", "iv", "a", "p < 0.05", "et al", "see the text now", "mg", "12", "to", "para"),
        *(
            "open()",
            "mlock()ed",
            "vdso(7)",
            "ssl(3ssl)",
            "IDE does",
        ),  # calls, manual pages, a clause
    ],
)
def test_not_short_forms(text: str) -> None:
    assert not looks_like_short_form(text)


@pytest.mark.parametrize(
    ("short", "long", "expected"),
    [
        ("VEGF", "vascular endothelial growth factor", True),
        ("CT", "computed tomography", True),
        ("RNA", "reactive; MTRNR2L6, Humanin-like protein; POLR3G, Polymerase", False),
        ("DNA", "differentially expressed lncRNAs on chromosomes", False),
        ("LGW", "low-cost segment, such as Gatwick", False),
        ("state", "States ConstitutionCategory:Burials in New York", False),
        ("AEDPA", "and Effective Death Penalty Act", False),
        ("state", "state.goods  },  fabuinfo:", False),
        ("ISE", "in-sample-error”", False),
        ("H-Ras", "Ras", False),
    ],
)
def test_explains_checks_a_pair_as_the_rules_would(short: str, long: str, expected: bool) -> None:
    assert explains(short, long) is expected


def test_a_long_run_of_superscripts_before_a_bracket_is_read_once() -> None:
    """The citation pattern was exponential in such a run's length (24 took 6 s)."""
    assert pairs("A support vector machine" + "¹" * 60 + " (SVM) is.") == [
        ("SVM", "support vector machine")
    ]
    # no citation ends these words ("machine¹¹…¹x" is one word): every split of the run failed
    (found,) = pairs("A support vector machine" + "¹" * 60 + "x (SVM) is.")
    assert found[1].endswith("¹x")


def test_find_definitions_reads_a_str_as_the_document_of_it() -> None:
    text = "We train a support vector machine (SVM) on <i>in vitro</i> data."
    assert find_definitions(text) == find_definitions(Document(text))
    with pytest.raises(TypeError, match=r"find_definitions reads a str, not bytes; decode"):
        find_definitions(text.encode())  # type: ignore[arg-type]


def test_a_file_name_is_no_long_form_nor_short_form() -> None:
    """A change log writes the file, then the functions it changed, in brackets."""
    text = (
        "\t* decrypt-data.c (decrypt_data): Fix.\n\t* src/options.h (opt): New.\n"
        "\t* escaped_copy (escape.c) moved.\nThe model FastText.zip (FTZ) and Zstandard (zstd)."
    )
    assert pairs(text) == [("FTZ", "FastText.zip"), ("zstd", "Zstandard")]
