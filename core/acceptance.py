"""Whether a customer's reply accepts what the agent's line just before it offered.

English discourse only (yes/no words, questions): no domain words. The contract and the
offline tier read acceptance here, so both agree on what "the customer took the offer" means.
An agent line offers what it names unless it answers the customer's own wh-question (an
inform: "Where is it?" -> "It is at 1875 Bascom Avenue") or its closing question is about
something else ("Your balance is $2,000. Anything else?").
"""

from __future__ import annotations

import re
from functools import lru_cache

from core.checklist import Checklist
from core.conditions import conditional
from core.text import contains_words, line_cache, skeleton

# A reply that opens by accepting or refusing what the agent just asked or proposed.
YES = re.compile(r"^\W*(?:(?:well|hmm+|oh|ooh|ah|wow|so|i think|i guess|i believe|i see|thanks|thank you)\W+)?"
                 r"(?:yes|yeah|yea|yep|yup|sure|ok|okay|alright|all right|fine|definitely|absolutely|of course|"
                 r"certainly|correct|right|"
                 r"(?:that|this|it)(?:'s| is)? (?:sounds?|seems?|suits?|works?|looks?)|"
                 # an evaluation with its subject left out: "Sounds great.", "Looks pretty good", "Sounds like a
                 # nice place"; a word of praise alone: "Cool.", "Awesome, that looks good."
                 r"(?:sounds?|looks?|seems?)(?: (?:really|pretty|very|so|quite))? (?:good|great|fine|perfect|nice|"
                 r"lovely|ideal|excellent|awesome|amazing|wonderful|cool|fantastic|fabulous|interesting)|"
                 r"(?:cool|awesome|nice|excellent|wonderful|fantastic|lovely|superb|terrific)(?=\W*$|\W*[.!,])|"
                 # "I like the sound of that", "I am interested in this apartment"
                 r"i (?:really )?like the sound of (?:that|this|it)|"
                 r"(?:i'm|i am|we're|we are) (?:really |very )?interested in (?:that|this|it|them)|"
                 r"(?:that|this|it)(?:'s| is)? (?:fine|good|great|perfect|correct|right)(?: (?:to|for) (?:me|us))?"
                 r"(?=\W*$|\W*[.!,;])|"
                 r"perfect|great|good|exactly|precisely|"
                 r"thats? (?:fine|ok|okay|good|great|perfect)|"
                 r"that(?:'s| is| would be| will be)? (?:fine|ok|okay|good|great|perfect)|sounds good|please do|"
                 r"(?:that|this|it)(?: one)? (?:would|will|'ll) do|"
                 r"(?:that's|that is|you've got|you have got) the right|"
                 r"i(?:'m| am) (?:ok|okay|fine)|i don't mind|works for me|go ahead|i accept|"
                 # the offer named as the one wanted: "That's the one", "That is what I was looking for"
                 r"(?:that|this|it)(?:'?s| is) (?:the one|exactly what|just what|what) ?(?:i|we)?|"
                 r"let's (?:go with|do|take|try) (?:that|this|it)|that'?s it|go for it|"
                 r"(?:i'll|i will|let me|let's) (?:try|take|have) (?:it|that|this)|"
                 r"(?:that|this|it)(?:'s| is) (?:a|an) (?:really |very )?(?:good|great|nice|lovely|fine|perfect|"
                 r"excellent|awesome|cool|wonderful) (?:one|choice|pick|option)|"
                 # the offer pointed at and praised or taken: "That apartment sounds good", "That one is great",
                 # "I like that song", "I'll take it"
                 r"(?:that|this|it|the)(?: one| \w+)?(?:'?s| is| would be| sounds?| seems?| looks?) (?:really |very )?"
                 r"(?:good|great|fine|perfect|nice|lovely|ideal|excellent|awesome|amazing|wonderful|cool)"
                 r"(?: (?:to|for) (?:me|us))?(?=\W*$|\W*[.!,])|"
                 # "I think it would fit me perfectly"
                 r"(?:that|this|it)(?: one| \w+)?(?:'d| would| will|'ll)? (?:fits?|suits?) (?:me|us)\b|"
                 # "That flight will work for me", "The car sounds like a good deal", "That is just the flight we need"
                 r"(?:that|this|it|the)(?: one| \w+)? (?:will|would|should|'ll) (?:work|suit|be best)|"
                 r"(?:(?:that|this|it|the)(?: one| \w+)? )?(?:sounds?|seems?|looks?) like (?:a|an) "
                 r"(?:(?:really|very|pretty) )?(?:good|great|nice|perfect|excellent|fine|lovely|wonderful|fun) |"
                 r"(?:that|this|it)(?:'?s| is) (?:just |exactly )?the \w+ (?:i|we)(?:'m| am|'re| are)? "
                 r"(?:need|want|wanted|was looking for|were looking for|more interested in|looking for)|"
                 r"i(?: really| think i)?(?: like| love|'ll take| will take| want|'ll go with| will go with|"
                 r"'d like| would like) "
                 r"(?:that|this|it|them)(?: one| \w+)?(?: then)?(?=\W*$|\W*[.!,]))\b", re.IGNORECASE)
NO = re.compile(r"^\W*(?!no problem|no issue|not a problem)"
                r"(?:no|nope|nah|not really|i(?:'d| would) rather not|i don't|don't|i do not|i prefer not)\b",
                re.IGNORECASE)
# Anywhere in the reply: a refusal or a correction takes back a yes ("yes, but not that one"); so does asking
# for a new place ("That will be perfect. I'd also like a dinner reservation somewhere near there").
_TAKEN_BACK = re.compile(r"\b(?:but|not|n't|no|instead|rather|actually|change|different|another|else|other|"
                         r"somewhere|someplace|elsewhere)\b",
                         re.IGNORECASE)
# A question about something new: "anything else?", "any other requests?", "How about some others?", "a
# different one".
_ELSEWHERE = re.compile(r"\b(?:else|others?|another|more|different)\b", re.IGNORECASE)
_OPENS_SENTENCE = re.compile(r"(?:^|[.!?,:;]\s*)\W*$")


def asks_elsewhere(text: str) -> bool:
    """The text asks about something new ("Anything else?", "Do you want a different one?"). A capitalised word
    inside a sentence belongs to a name, asking nothing: "How about No More by Disturbed?", "Alone, from the
    album Different World?"."""
    return any(not m.group(0)[0].isupper() or _OPENS_SENTENCE.search(text[:m.start()])
               for m in _ELSEWHERE.finditer(text))

# The customer turning to a thing of their own: "Okay, how about my checking account?" asks nothing about the offer.
_OWN_TURN = re.compile(r"\b(?:how|what)\s+about\s+(?:my|our)\b", re.IGNORECASE)
# A customer line asking about the offer: a question anywhere in it ("Are their prices extravagant? How can I
# contact them."), a sentence opening with a question word that lost its mark ("Where is this and when does
# it start"), a request to be told ("Tell me the address.", "Give me their digits.", "I need their number").
_ASKS_ABOUT = re.compile(r"\?|(?:^|[.!]\s+)\W*(?:what|what's|where|where's|when|which|who|whose|how)\b|"
                         r"(?:^|[.!,]\s+)\W*(?:(?:please|and|also|now)\s+)?(?:(?:tell|give|show|send)\s+(?:me|us)|"
                         r"let\s+(?:me|us)\s+know)\b|"
                         r"\b(?:i|we)(?:'d|\s+would)?\s+(?:like|need|want)\s+(?:to\s+know|their|its|his|her)\b|"
                         # an indirect question: "I need to see what the weather will be like", "check if it's open"
                         r"\b(?:see|know|check|find\s+out|wonder(?:ing)?|ask)\s+(?:what|where|when|how|whether|if)\b",
                         re.IGNORECASE)
# A question asking for something not named yet, whose answer is a new offer: a request to find one ("Can you
# help me find a restaurant in Fairfield?", "Will you find a two bedroom in Belmont?": an object with "a", "any",
# "some" or a number; "Can you find the genre?" asks about what was offered), an existence question ("Is there
# anything available?", "Do you have something cheaper?"), or a request to act on something not named ("Can you
# play me some music?"; not "Can you find the address?").
_ASKS_FOR_NEW = re.compile(r"\b(?:continue|keep|carry\s+on)\s+(?:the\s+|your\s+)?(?:search|look|find|brows)\w*|"
                           # "Let's see what you can find", "show me what you have": what a search turns up
                           r"\b(?:see|show\s+(?:me|us))\s+what\s+(?:you|there)\s+(?:can\s+find|have|has|find|'s|is|are)\b|"
                           r"\b(?:search|look|find)\w*\s+(?:again|further|on)\b|"  # "Can you continue searching?"
                           r"\b(?:find|search|look(?:ing)?\s+for|locate|recommend|suggest)\s+(?:(?:me|us)\s+)?"
                           r"(?:a|an|any|some|something|somewhere|one|\d+)\b|"
                           r"\b(?:anything|something|any\s+(?:options?|choices?|ones?))\b[^.!?]*\?|"
                           # a kind asked for, not a thing named: "How about a Baseball game on the 1st?"
                           r"\b(?:how|what)\s+about\s+(?:a|an|any|some)\s|"
                           r"^\W*(?:(?:hi|hello|hey|ok|okay|so|please)\W+)*(?:can|could|will|would)\s+you\s+"
                           r"(?!tell\b|say\b|check\b|confirm\b)\w+\s+(?:(?:me|us)\s+)?(?:a|an|any|some|something|"
                           r"anything)\b", re.IGNORECASE)
_WH_QUESTION = re.compile(r"\b(?:what|what's|where|where's|when|which|who|whose|how)\b[^.!?]*\?", re.IGNORECASE)
_SENTENCES = re.compile(r"(?:[^.!?]|\.(?=\d))+[.!?]*")  # "$22,309.73" is one sentence


# An agent line worded as a proposal offers even when it answers the customer's question: "What's the
# other song?" - "How about Help by Papa Roach?".
_PROPOSAL = re.compile(r"\b(?:how|what)\s+about\b|\bwould\s+you\s+(?:like|prefer|want)\b|"
                       r"\bdo\s+you\s+(?:want|like|wish)\b|\bshall\s+i\b", re.IGNORECASE)
# An agent line that only asks to go ahead with what was offered: "Should I play the song?", "Would you
# like me to book it?". It names nothing of its own (no digit, no capitalised word past its first).
# It points back at what was offered ("it", "the song"); "Do you want to start a transfer?" offers something new.
# One asking in general words ("Would you like to make a reservation?", "Should I go ahead and reserve a table?",
# "Do you want to visit?") goes ahead on an offer only right after the customer took it in more than a bare
# "Okay." ("Sounds like a nice place." - "Would you like to see it?"); otherwise it is an offer of its own.
_GO_AHEAD = re.compile(r"^\W*(?:(?:should|shall|can|may)\s+i(?:\s+go\s+ahead\s+and)?|"
                       r"(?:would|do)\s+you\s+(?:like|want|wish)\s+(?:me\s+)?to)"
                       r"(?:\s+\w+\s+(?:it|this|that|them|these|those|the\s+\w+)\b|"
                       r"(?P<general>\s+\w+\s+an?\s+\w+\b|\s+\w+\W*$))",
                       re.IGNORECASE)
_BARE_ACKNOWLEDGEMENT = re.compile(
    r"^\W*(?:ok(?:ay)?|alright|all\s+right|fine|thanks?(?:\s+you)?|got\s+it|i\s+see)\W*$", re.IGNORECASE)
# A sentence telling how the customer's own things stand: "Your balance is $2,000", "There is $80 in your
# savings", "Your checking stands at $21,183.32" (a possessive and a number; an agent may slip into "my").
# A sum standing in the customer's thing: "The balance is $2,837.26 in your savings account" (also read by the
# offline tier's `offers`, which blanks such sentences inside an offer).
SUM_IN_YOURS = r"[$£€]\s?\d[\d,.]*\s+(?:in|on)\s+(?:your|my)\b"
# "You have $3,814.44 in checking", "On March 9th you are free from 8 am to 6 pm": what the customer holds or
# when they are free, told with "you" as with "your".
_YOU_HOLD = (r"\byou(?:'ve|\s+have)(?:\s+got)?\s+(?:only\s+|just\s+|about\s+)?[$£€]?\d|"
             r"\byou(?:'re|\s+are)\s+(?:\w+\s+)?(?:free|available|busy)\b.*\d")
_STATE = re.compile(r"\b(?:your|my)\b.*\d|\bthere(?:'s|\s+is|\s+are)\b.*\b(?:in|on)\s+(?:your|my)\b|"
                    rf"{_YOU_HOLD}|{SUM_IN_YOURS}",
                    re.IGNORECASE)
# A reply whose last yes-or-no word opening it is a no: "No, ...", "Yes, well, no, ..." (a yes repaired).
_REFUSES = re.compile(r"^\W*(?:(?:yes|yeah|yep|well|hmm+|um+|uh+|oh|ah|er|actually)\W+)*(?:no|nope|nah)\b"
                      r"(?!\W*(?:problem|worries|issue)\b)", re.IGNORECASE)
# ... or closes on one: "6:30 is when I pick up my son, so, yeah, no."
_REFUSES_LAST = re.compile(r"(?:^|[,;.!?]\s*)(?:(?:so|yeah|yes|well|then|and|but|um|uh|sadly|honestly)\W+)*"
                           r"(?:no|nope|nah)(?:\s+thanks?|\s+thank\s+you)?\W*"
                           # (then perhaps asking for another: "no thanks. Anything later?")
                           r"(?:(?:any|some)(?:thing|one)\s+(?:else|later|earlier|cheaper|other)\W*)?$", re.IGNORECASE)
# ... or asks to see other options than the one offered: "What else is there?", "Show me a few more options",
# "Let me browse a bit more first" (not "what else do I need?", which asks about this one).
_ASKS_FOR_OTHERS = re.compile(
    r"\b(?:what|who|where|which)\s+else\s+(?:is\s+there|do\s+you\s+have|have\s+you\s+got|"
    r"(?:is|'s)\s+(?:on|out\s+there|available))\b|"
    # what else exists: "Is there anything else open that day?" (not what else there is to this one: "Is there
    # anything else I need to bring?")
    r"\b(?:is|are)\s+there\s+(?:any|some)(?:thing|one|body|where)\s+else\b(?!\s+(?:i|we|you)\b)|"
    # the choices there are: "What are my options?", "any other choices?"
    r"\bwhat\s+(?:are|other)\s+(?:my\s+|our\s+|the\s+)?(?:other\s+)?(?:options|choices|alternatives)\b|"
    r"\b(?:any|some|other|more)\s+(?:other\s+)?(?:options|choices|alternatives)\b|"
    # one that differs, asked for: "Anything in the afternoon?", "Anyone cheaper?"
    r"(?:^|[.!?;,]\s*)any(?:thing|one|body|where)\s+(?:in|at|on|for|around|near|later|earlier|cheaper|closer|"
    r"nearer|sooner|before|after|with|without)\b[^.!?]*\?|"
    # asking for another in place of it: "Something else please", "Pick someone else", "a different one" ("Anything
    # else?" may ask what else there is to know about it)
    r"(?:^|[.!?;,]\s*)(?:(?:(?:can|could)\s+you\s+)?(?:pick|choose|find|play|suggest|try|show\s+me|give\s+me|get\s+me)"
    r"\s+)?(?:something|someone|somebody|somewhere)\s+else\b|"
    r"\b(?:a\s+different|another)\s+one\b|"
    # a verb of finding put to another: "Ok, Find me another restaurant?", "suggest a different one"
    r"\b(?:find|suggest|show|give|get|recommend|search\s+for|look\s+for)\s+(?:me\s+|us\s+)?"
    r"(?:a\s+different|another|other|some\s+other)\b|"
    # a question after others: "Are there games on any other dates?"
    r"\b(?:is|are)\s+there\s+[^.!?]*\bany\s+other\b[^.!?]*\?|"
    r"\b(?:show|give|find|send)\s+(?:me|us)\s+(?:a\s+few\s+|some\s+|a\s+couple\s+)?(?:more|others|other\s+\w+)\b|"
    r"\b(?:browse|look\s+around|keep\s+looking)\b[^.!?]*\b(?:more|first|further|longer)\b", re.IGNORECASE)
_CHOICE = re.compile(r"\bor\b", re.IGNORECASE)
_LOOKBACK = 5  # lines an offer may stand through while the customer asks about it


def is_offer(agent_text: str, asked_before: str = "") -> bool:
    """The agent's line puts forward what it names, for the customer to take or refuse.

    `asked_before` is the customer's line just before it: an answer to their wh-question informs,
    unless the answer is worded as a proposal or the question asked for something else ("What else is there?").
    """
    sentences = [s.strip() for s in _SENTENCES.findall(agent_text) if s.strip()]
    if not sentences or (_WH_QUESTION.search(asked_before) and not _PROPOSAL.search(agent_text)
                         and not _ELSEWHERE.search(asked_before)):  # "What else is there?" asks for a new offer
        return False
    if _reports_state(agent_text):
        return False  # "Your checking account balance is $22,309.73.": how things stand, nothing to take
    return not (sentences[-1].endswith("?") and asks_elsewhere(sentences[-1]))


_SUM_HELD = re.compile(rf"{SUM_IN_YOURS}|{_YOU_HOLD}", re.IGNORECASE)  # "$6,175.85 in your savings account"


def _reports_state(agent_text: str) -> bool:
    """Every sentence of the agent's line tells how things stand ("You have $6,175.85 in your savings account.")."""
    sentences = [s.strip() for s in _SENTENCES.findall(agent_text) if s.strip()]
    return bool(sentences) and all(_STATE.search(s) for s in sentences)


def names_nothing(text: str) -> bool:
    """The line names nothing of its own: no digit, no capitalised word past its first ("Shall I play it?")."""
    words = re.findall(r"[^\W\d_]+", text)
    return not any(c.isdigit() for c in text) and not any(w[0].isupper() for w in words[1:] if w != "I")


# English verbs of carrying a task out, by sense: a schema that names one of a sense ("ReserveCar", "Make a
# car reservation", "ListenToASong") is carried out by any of it, so "book it" goes ahead whichever verb a
# rewording of the schema picked. A member is found in an intent's words as itself or the stem of a noun made
# from it ("reservation", "booking", "playback").
_BOOKING = frozenset({"book", "reserve", "schedule", "plan", "make", "arrange", "confirm", "finalize", "finalise",
                      "add", "create", "insert", "buy", "purchase", "order", "acquire"})
_SENSES = (
    (_BOOKING, _BOOKING),
    (frozenset({"call", "hail"}), _BOOKING | {"call", "hail"}),  # a cab is called, booked or ordered alike
    (frozenset({"play", "start", "begin", "stream", "load", "listen", "hear"}),) * 2,
    (frozenset({"transfer", "send", "pay", "wire"}),) * 2,
)


def _names_verb(word: str, verb: str) -> bool:
    """'reservation' names 'reserve', 'booking' 'book'; a short verb only as itself ('add' is no 'address')."""
    return word == verb or (len(verb) >= 4 and word.startswith(verb.removesuffix("e")))


def doing_verbs(checklist: Checklist) -> frozenset[str]:
    """The verbs that carry out the schema's transactional intents: the verb opening each one's name
    ("PlayMedia" -> play, "BookAppointment" -> book) and every verb of the sense its name or description names
    ("Make a car reservation" -> book, reserve, make, ...; a look-up's "Find" or "Search" carries out nothing)."""
    return _verbs_of(tuple((i.name, i.description) for i in checklist.intents.values() if i.transactional))


@lru_cache(maxsize=256)  # read on every turn: a schema has few intents
def _verbs_of(intents: tuple[tuple[str, str], ...]) -> frozenset[str]:
    verbs: set[str] = set()
    for name, description in intents:
        opening = re.match(r"[A-Z][a-z]+", name)
        verbs |= {opening.group(0).lower()} if opening else set()
        said = [w.lower() for w in re.findall(r"[A-Z][a-z]+|[a-z]+", f"{name} {description}")]
        for members, carried in _SENSES:
            if any(_names_verb(w, v) for w in said for v in members):
                verbs |= carried
    return frozenset(verbs)


def goes_ahead(customer_text: str, verbs: frozenset[str]) -> bool:
    """The reply asks to carry out the task on what was offered, pointing at it: "Can you play it on the kitchen
    speaker?", "I want to book that one" (one of the schema's `doing_verbs`); not "book another one", not
    with a no, a condition or a change. In general words ("make a reservation for 2") it goes ahead on the offer
    unless it names a place of its own to do it at: "a reservation at the Trattoria Contadina"."""
    doing = _doing(verbs).search(customer_text) if verbs else None
    if doing is None or (doing.group("general") and _AT_A_NAME.search(customer_text)):
        return False
    return not (NO.match(customer_text) or _TAKEN_BACK.search(customer_text) or conditional(customer_text))


_AT_A_NAME = re.compile(r"\bat\s+(?:the\s+)?(?-i:[A-Z])", re.IGNORECASE)


# Taking time over the offer takes nothing yet: "Okay, let me think about it", "I'll think it over".
# (or consults someone first and comes back with the answer: "let me check with my partner first and get back to you")
_THINKS_IT_OVER = re.compile(r"\b(?:let\s+me\s+(?:think|decide|sleep\s+on)|(?:i'?ll|i\s+will|i\s+(?:need|have)\s+to)\s+"
                             r"(?:think|decide|sleep\s+on)|think\s+(?:about\s+it|it\s+over)|"
                             r"(?:let\s+me|i'?ll|i\s+will|i\s+(?:need|have)\s+to)\s+(?:check|ask|confirm|talk|speak)\s+"
                             r"with\s+(?:my|our|the)\b|get\s+back\s+to\s+you|let\s+you\s+know|"
                             # or holds everything until it is known: "Hold off until I know.", "hold on till I ask"
                             r"(?:hold\s+(?:off|on)|hang\s+on|wait)\s+(?:until|till|til)\s+(?:i|we)\b|"
                             r"hold\s+off(?=\s*(?:[.!;]|$|for\s+now)))", re.IGNORECASE)


@line_cache  # asked of every customer line by the tier and by the contract, on every turn of a conversation
def takes_offer(customer_text: str, verbs: frozenset[str] = frozenset()) -> bool:
    """The reply takes what the agent offered: a yes (`accepts`) or a request to carry it out (`goes_ahead`),
    and does not go on to hold the task back ("Yes, perfect. Hang on, don't book that")."""
    return ((accepts(customer_text) or goes_ahead(customer_text, verbs)) and not holds_back(customer_text, verbs)
            and not _THINKS_IT_OVER.search(customer_text) and not _PUTS_ALTERNATIVE.search(customer_text)
            and not _ASKS_FOR_OTHERS.search(customer_text))  # "Ok, Find me another restaurant?"


def thinks_it_over(customer_text: str) -> bool:
    """The line holds the decision back to think or consult first (`_THINKS_IT_OVER`), wherever in it: read on
    the line as typed, since a sentence about later ("I'll get back to you") is not among the customer's own
    statements."""
    return _THINKS_IT_OVER.search(customer_text) is not None


def puts_alternative(customer_text: str) -> bool:
    """The line puts another thing forward beside what it took or pointed at (`_PUTS_ALTERNATIVE`)."""
    return _PUTS_ALTERNATIVE.search(customer_text) is not None


# A reply that goes on to put another thing forward beside the offer takes neither: "Yes there, for 1. Or 900 Pine
# Street, whichever is quicker." (a sentence or clause opened by "or" and a name, a number or an amount; not "Or I").
_PUTS_ALTERNATIVE = re.compile(r"(?:^|[.!?;,]\s*)(?-i:or|Or)\s+(?:(?:else|maybe|perhaps|possibly|even|the|a|an)\s+)*"
                               r"(?!I\b)(?-i:[A-Z0-9$£€])", re.IGNORECASE)


def holds_back(customer_text: str, verbs: frozenset[str]) -> bool:
    """The reply tells the agent not to carry out the task on what was offered, or not yet: "don't book it",
    "do not reserve that one yet", "hold off on booking it" (one of the schema's `doing_verbs`)."""
    return (bool(verbs) and _holding_back(verbs).search(customer_text) is not None) or bool(
        _NOT_YET.search(customer_text))


# Any task held back for now, whatever its verb: "don't search that yet", "do not send it just yet".
_NOT_YET = re.compile(r"\b(?:don'?t|do\s+not)\s+(?:\w+\s+)?\w+\s+(?:it|that|this|them|(?:that|this|the)\s+(?:one|\w+))"
                      r"\s+(?:just\s+)?(?:yet|for\s+now|right\s+now)\b", re.IGNORECASE)


@lru_cache(maxsize=256)
def _holding_back(verbs: frozenset[str]) -> re.Pattern:
    doing = "|".join(sorted(verbs))
    return re.compile(rf"\b(?:don'?t|do\s+not|never|hold\s+off\s+on|wait\s+before)\s+(?:\w+\s+)?(?:{doing})\w*\s+"
                      r"(?:it|that|this|them|(?:that|this|the)\s+(?:one|\w+))\b", re.IGNORECASE)


# A question to the customer, marked or opened as one: "Shall I play it?", "Do you wish to play this song."
_QUESTION = re.compile(r"\?\W*$|^\W*(?:(?:so|ok(?:ay)?|alright|great|sure)\W+)?(?:do|does|would|will|shall|should|can|"
                       r"could|may|wanna|want|you)\b", re.IGNORECASE)


def takes_go_ahead(speakers: list[bool], texts: list[str], index: int, verbs: frozenset[str],
                   reply: str | None = None) -> bool:
    """The customer line at `index` has the task carried out on what was offered: it goes ahead pointing back
    ("Play it on the TV", `goes_ahead`) or takes the agent's question to go ahead, a question naming nothing but
    one of the schema's `verbs` ("Shall I play it?" - "Yes, in the kitchen"). (`reply` is the line as read.)"""
    reply = texts[index] if reply is None else reply
    if speakers[index] or not verbs:
        return False
    return _goes_ahead_after(reply, texts[index - 1] if index and speakers[index - 1] else "", verbs)


@lru_cache(maxsize=8192)  # asked of every customer line of every case: a conversation re-sends its lines
def _goes_ahead_after(reply: str, before: str, verbs: frozenset[str]) -> bool:
    """`takes_go_ahead` for a reply and the agent line right before it ("" if none). Naming the task only to hold it
    back goes ahead with nothing: "Yes, perfect. Hang on, don't play that yet."."""
    if holds_back(reply, verbs):
        return False
    if goes_ahead(reply, verbs):
        return True
    return (bool(before) and names_nothing(before) and bool(_QUESTION.search(before))
            and _verb_form(verbs).search(before) is not None and not asks_elsewhere(before)
            and takes_offer(reply, verbs))


# A customer asking the agent to do something ("Can you list songs in the album Salam?", "Could you search ..."):
# the answer is a find, not a word about one (not "Can you tell me the genre?").
_REQUEST = re.compile(r"(?:^|[.!?]\s+)\W*(?:(?:hi|hello|hey|ok|okay|so|please|and|also|now|great|thanks)\W+)*"
                      r"(?:can|could|will|would)\s+you\s+(?!tell\b|say\b|check\b|confirm\b|let\b|give\b|repeat\b)",
                      re.IGNORECASE)
# A question whether there is something: "Are there any better restaurants?", "Do you have any others?"
_EXISTS = re.compile(r"\b(?:(?:are|is)\s+there|do\s+you\s+have|have\s+you\s+got)\s+(?:any|some|other|another|"
                     r"anything|something|more)\b", re.IGNORECASE)


def asks_question(customer_text: str) -> bool:
    """The customer line asks the agent something ("What genre is the song?"): not for something new, nor for
    the agent to do something ("Can you list songs by Hurts?", "Are there any others?")."""
    return (bool(customer_text) and bool(_ASKS_ABOUT.search(customer_text)) and not asks_elsewhere(customer_text)
            and not _ASKS_FOR_NEW.search(customer_text) and not _REQUEST.search(customer_text)
            and not _EXISTS.search(customer_text))


def turns_away(customer_text: str, verbs: frozenset[str]) -> bool:
    """The customer line turns down what was offered or asks for something else: a no, a change, "anything
    else?", "Are there any others?", "don't play it"."""
    return bool(NO.match(customer_text) or _REFUSES.match(customer_text) or _TAKEN_BACK.search(customer_text)
                or _ELSEWHERE.search(customer_text) or _ASKS_FOR_NEW.search(customer_text)
                or _EXISTS.search(customer_text) or _OWN_TURN.search(customer_text)
                or holds_back(customer_text, verbs))


def proposes(agent_text: str) -> bool:
    """The agent line is worded as a proposal: "How about ...?", "Would you like ...?"."""
    return bool(_PROPOSAL.search(agent_text))


def _forms(of: frozenset[str]) -> str:
    """Every form of the verbs, as regex alternatives: "play|plays|played|playing|..."."""
    return "|".join(sorted({f for v in of for f in (v, v + "s", v + "es", v + "ed", v + "d", v + "ing",
                                                      v.removesuffix("e") + "ing")}))


@lru_cache(maxsize=256)
def _verb_form(verbs: frozenset[str]) -> re.Pattern:
    return re.compile(rf"\b(?:{_forms(verbs)})\b", re.IGNORECASE)


# Verbs that take their object after a preposition: "listen to it".
_PARTICLES = {"listen": "to"}


def _pointing_verbs(verbs: frozenset[str]) -> str:
    """The verbs' forms as regex, each with the preposition it takes before what it points at ("listen to")."""
    plain = verbs - _PARTICLES.keys()
    groups = [rf"(?:{_forms(frozenset({v}))})\s+{_PARTICLES[v]}" for v in sorted(verbs & _PARTICLES.keys())]
    return "|".join([*groups, _forms(plain)] if plain else groups)


@lru_cache(maxsize=256)
def _doing(verbs: frozenset[str]) -> re.Pattern:
    """One of the verbs (in any of its forms), then what it points at or the thing it makes: "play it", "book that
    one", "reserve the table", "schedule a visit there", "making a reservation". (A bare "I want a reservation"
    does not point: it may open the next task on another service's offer.)"""
    nouns = sorted({v.removesuffix("e") + suffix for v in verbs for suffix in ("ation", "ing", "ment")})
    # "make a reservation" (a light verb with the noun of a doing verb), not "make a suggestion"
    return re.compile(rf"\b(?:{_pointing_verbs(verbs)})\s+(?:(?:me|us)\s+)?"
                      rf"(?:it|that|this|them|(?:that|this|the|one)\s+(?:one|\w+))\b|"
                      rf"(?P<general>\b(?:{_forms(verbs - {'make'})})\s+(?:(?:me|us)\s+)?(?:a|an)\s+\w+|"
                      rf"\b(?:{_forms(frozenset({'make', 'set', 'place'}))})\s+(?:(?:me|us)\s+)?(?:a|an)\s+"
                      rf"(?:{'|'.join(nouns)})\b)", re.IGNORECASE)


def offering_line(speakers: list[bool], texts: list[str], index: int,
                  verbs: frozenset[str] = frozenset()) -> int | None:
    """Which agent line's offer the customer line at `index` accepts, or None (`speakers[i]` is True for
    the agent). The offer is the agent line right before, or an earlier one still standing: the lines
    between are the customer asking about it and the agent answering ("What kind of song is it?" - "It's
    Moombahton." - "Yes, that's great"), or the agent asking to go ahead ("Should I play it?")."""
    if speakers[index] or not takes_offer(texts[index], verbs):
        return None
    going_ahead = None  # the agent's latest question to go ahead, the offer when nothing older stands
    for j in range(index - 1, max(index - 1 - _LOOKBACK, -1), -1):
        text = texts[j]
        before = texts[j - 1] if j and not speakers[j - 1] else ""
        if not speakers[j]:
            if _OWN_TURN.search(text) or not (_ASKS_ABOUT.search(text) or takes_offer(text, verbs)):
                break  # the customer said something else: nothing older stands
            continue
        go_ahead = _GO_AHEAD.match(text)
        if go_ahead and names_nothing(text) and (not go_ahead.group("general") or _after_taking(speakers, texts, j,
                                                                                               verbs)):
            going_ahead = j if going_ahead is None and go_ahead.group("general") else going_ahead
            continue
        answers_question = bool(before) and bool(_ASKS_ABOUT.search(before))
        # (read only for an answer to the customer's question, the one case either test below needs it)
        reports = answers_question and _reports_state(text) and bool(_SUM_HELD.search(text))
        if answers_question and _ELSEWHERE.search(before) and reports:
            break  # "Any other free slot?" - "You are free from 8 am to 6 pm": asking for another set aside what
            # stood, and the answer offers nothing
        if (answers_question and (_ELSEWHERE.search(before) or _ASKS_FOR_NEW.search(before))
                and not reports):
            # "Anything else?", "Can you find me a table?", "Is there anything available?" - "There's Zen in
            # Oakland": the answer is the new offer ("Can you check my savings?" - "You have $6,175.85 in your
            # savings account." reports, it offers nothing)
            return j
        if answers_question and not _PROPOSAL.search(text) and not text.rstrip().endswith("?"):
            continue  # the agent answered the customer's question about the offer (a question back proposes:
            # "Can you book me a cab there?" - "Is it at 1425 Oregon Street?")
        if is_offer(text, before):
            return j
        break
    return going_ahead if going_ahead is not None and is_offer(texts[going_ahead]) else None


def _after_taking(speakers: list[bool], texts: list[str], index: int, verbs: frozenset[str]) -> bool:
    """The customer line before `index` takes an offer in more than a bare acknowledgement."""
    before = index - 1
    return (before >= 0 and not speakers[before] and takes_offer(texts[before], verbs)
            and not _BARE_ACKNOWLEDGEMENT.match(texts[before]))


def accepts(customer_text: str) -> bool:
    """The reply opens with a yes, takes nothing back and sets no condition ("Sure, if they have a patio")."""
    return (bool(YES.match(customer_text)) and not NO.match(customer_text) and not _TAKEN_BACK.search(customer_text)
            and not conditional(customer_text))


def asks_for_others(customer_text: str) -> bool:
    """The line asks to see other options than the one offered (`_ASKS_FOR_OTHERS`)."""
    return _ASKS_FOR_OTHERS.search(customer_text) is not None


def refused_offer(agent_text: str, customer_text: str, value: str) -> bool:
    """The reply opens or closes by turning down the agent's line, and the value is one that line named: "Dr. Sato has
    4:30 pm free" - "Yes, well, no, 4:30 is when I collect my son". Naming it again explains the no; a value
    the agent did not name is the customer's own ("No, 5:30 would be better")."""
    says_no = _REFUSES.match(customer_text) or _REFUSES_LAST.search(customer_text)
    others = _ASKS_FOR_OTHERS.search(customer_text)
    if not (says_no or others):
        return False
    if others and not says_no:
        # a value inside the request for others is what they must share, not what is turned down: "Can you find
        # me another restaurant in Cotati?" keeps Cotati
        sentence_end = re.search(r"[.!?]|$", customer_text[others.end():])
        after = customer_text[others.start():others.end() + (sentence_end.start() if sentence_end else 0)]
        if contains_words(skeleton(after), skeleton(value)):
            return False
    needle = skeleton(value)
    # "Checking or savings?" - "No, savings please": a choice between values offers none of them alone
    return any(contains_words(skeleton(sentence), needle) and not _CHOICE.search(sentence)
               for sentence in _SENTENCES.findall(agent_text))
