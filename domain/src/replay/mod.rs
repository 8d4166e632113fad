//! A whole deal replayed from its card play and calls: who was Re, who took which trick,
//! the calls each party made and the extras, checked against the rules on the way
//! (TSR 4.2.2, 4.4, 5.1–5.3, 6, 7.2.3).
//!
//! The hands are not sent: a deal that is played out shows every card, so each seat's hand
//! is the set of cards it plays. That makes the request small and leaves nothing to
//! contradict; what remains to check is the order of play, following suit and the calls.
//! The result is a [`DealFacts`] for the scorer plus the tricks, so that a client can show
//! why the facts are what they are.
//!
//! The same rule engine drives [`crate::simulate`], which therefore can only produce deals
//! that this module accepts.

use std::fmt;
use std::str::FromStr;

use crate::cards::{Card, Effective, ParseCardError, Rank, Ranking, Suit};
use crate::deal::{
    Announcements, CallLevel, Contract, DealFacts, Party, PartyExtras, Seat, SeatSet, TableSize,
};

/// Seats at a replayed table; only 4-tables are replayed.
const SEATS: u8 = 4;
/// Cards each seat holds at the start.
const HAND: u8 = 12;
/// Cards in the deck.
const DECK_CARDS: usize = 48;

/// A call (TSR 6): the Ansage of one's party or an Absage for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CallKind {
    /// "Re": the Ansage of the Re party.
    Re,
    /// "Kontra": the Ansage of the Kontra party.
    Kontra,
    /// "keine 90" for the caller's party.
    No90,
    /// "keine 60" for the caller's party.
    No60,
    /// "keine 30" for the caller's party.
    No30,
    /// "schwarz" for the caller's party.
    Schwarz,
}

impl CallKind {
    /// Every call, lowest level first.
    pub const ALL: [CallKind; 6] = [
        CallKind::Re,
        CallKind::Kontra,
        CallKind::No90,
        CallKind::No60,
        CallKind::No30,
        CallKind::Schwarz,
    ];

    /// The wire name: `re`, `kontra`, `no90`, `no60`, `no30`, `schwarz`.
    pub const fn as_str(self) -> &'static str {
        match self {
            CallKind::Re => "re",
            CallKind::Kontra => "kontra",
            CallKind::No90 => "no90",
            CallKind::No60 => "no60",
            CallKind::No30 => "no30",
            CallKind::Schwarz => "schwarz",
        }
    }

    /// The level the call brings its party to.
    pub const fn level(self) -> CallLevel {
        match self {
            CallKind::Re | CallKind::Kontra => CallLevel::Ansage,
            CallKind::No90 => CallLevel::No90,
            CallKind::No60 => CallLevel::No60,
            CallKind::No30 => CallLevel::No30,
            CallKind::Schwarz => CallLevel::Schwarz,
        }
    }

    /// The call that raises `party` to `level`: the Ansage is named after the party, the
    /// Absagen are not. `None` for [`CallLevel::None`].
    pub const fn for_level(party: Party, level: CallLevel) -> Option<CallKind> {
        match (level, party) {
            (CallLevel::None, _) => None,
            (CallLevel::Ansage, Party::Re) => Some(CallKind::Re),
            (CallLevel::Ansage, Party::Kontra) => Some(CallKind::Kontra),
            (CallLevel::No90, _) => Some(CallKind::No90),
            (CallLevel::No60, _) => Some(CallKind::No60),
            (CallLevel::No30, _) => Some(CallKind::No30),
            (CallLevel::Schwarz, _) => Some(CallKind::Schwarz),
        }
    }
}

impl fmt::Display for CallKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A call name that is not one of [`CallKind::ALL`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown call {0:?} (expected re, kontra, no90, no60, no30 or schwarz)")]
pub struct UnknownCall(pub String);

impl FromStr for CallKind {
    type Err = UnknownCall;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        CallKind::ALL
            .into_iter()
            .find(|c| c.as_str() == s)
            .ok_or_else(|| UnknownCall(s.to_owned()))
    }
}

/// One thing that happened at the table, in the order it happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Event {
    /// `seat` put `card` on the table. Wire form `"0:CA"`.
    Play {
        /// The seat that played.
        seat: Seat,
        /// The card played.
        card: Card,
    },
    /// `seat` made a call. Wire form `"1:re"`.
    Call {
        /// The seat that called.
        seat: Seat,
        /// The call.
        call: CallKind,
    },
}

impl Event {
    /// The seat that acted.
    pub const fn seat(&self) -> Seat {
        match *self {
            Event::Play { seat, .. } | Event::Call { seat, .. } => seat,
        }
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Play { seat, card } => write!(f, "{seat}:{card}"),
            Event::Call { seat, call } => write!(f, "{seat}:{call}"),
        }
    }
}

/// Why a string is not an event in wire form (`"seat:CARD"` or `"seat:call"`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseEventError {
    /// No `:` between seat and action.
    #[error("an event is seat:card or seat:call, got {input:?}")]
    Shape {
        /// The string given.
        input: String,
    },
    /// The part before `:` is not a seat number.
    #[error("{seat:?} is not a seat number")]
    Seat {
        /// The text given as seat.
        seat: String,
    },
    /// The part after `:` is neither a card nor a call.
    #[error(
        "{action:?} is neither a card (e.g. HT) nor a call (re, kontra, no90, no60, no30, schwarz)"
    )]
    Action {
        /// The text given as action.
        action: String,
        /// Why it is not a card, for callers that expected one.
        card: ParseCardError,
    },
}

impl FromStr for Event {
    type Err = ParseEventError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let Some((seat, action)) = s.split_once(':') else {
            return Err(ParseEventError::Shape {
                input: s.to_owned(),
            });
        };
        let seat: Seat = seat.parse().map_err(|_| ParseEventError::Seat {
            seat: seat.to_owned(),
        })?;
        match action.parse::<Card>() {
            Ok(card) => Ok(Event::Play { seat, card }),
            Err(card) => match action.parse::<CallKind>() {
                Ok(call) => Ok(Event::Call { seat, call }),
                Err(_) => Err(ParseEventError::Action {
                    action: action.to_owned(),
                    card,
                }),
            },
        }
    }
}

/// A deal to replay: the declared game type and everything that happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayRequest {
    /// The contract as declared in the reservation query: [`Contract::Normal`],
    /// [`Contract::Wedding`] or a declared solo. Silent weddings and wedding solos are
    /// found by the replay, not declared.
    pub contract: Contract,
    /// The wedding player or the soloist; `None` for a normal game.
    pub declarer: Option<Seat>,
    /// The dealer, 0–3; his left neighbour leads unless a compulsory solo is played.
    pub dealer: Seat,
    /// The declared solo is a Pflichtsolo (the soloist leads, TSR 4.2.2).
    pub compulsory: bool,
    /// Plays and calls in the order they happened.
    pub events: Vec<Event>,
}

/// One complete trick.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Trick {
    /// The seat that led.
    pub leader: Seat,
    /// The cards in play order; the card at position `i` was played by `(leader + i) % 4`.
    pub cards: [Card; 4],
    /// The seat that took the trick.
    pub winner: Seat,
    /// The card points in the trick.
    pub points: u8,
}

impl Trick {
    /// The seat that played the card at position `i` (0–3) of the trick.
    pub const fn player(&self, i: usize) -> Seat {
        // The fields are public, so `leader` may be any u8: reduce it first so that the
        // sum stays below 8 instead of overflowing. For a real leader (0–3) it is the same.
        (self.leader % SEATS + (i % 4) as u8) % SEATS
    }
}

/// A replayed deal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    /// The facts for the scorer, with the contract as played.
    pub facts: DealFacts,
    /// The twelve tricks in order.
    pub tricks: Vec<Trick>,
}

/// A rule the request breaks, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayError {
    /// The index into `events` of the first offending event; `None` when the request as a
    /// whole is wrong (a missing declarer, a seat that did not play twelve cards, …).
    pub event: Option<usize>,
    /// What is wrong.
    pub kind: ReplayErrorKind,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.event {
            Some(i) => write!(f, "event {i}: {}", self.kind),
            None => write!(f, "{}", self.kind),
        }
    }
}

impl std::error::Error for ReplayError {}

/// The rule a replay breaks, with the facts that show it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayErrorKind {
    /// The dealer is not one of the four seats.
    #[error("dealer {dealer} is not a seat at a table of 4")]
    DealerOutOfRange {
        /// The dealer given.
        dealer: Seat,
    },
    /// A silent wedding or wedding solo is what a deal turns into, not what is declared.
    #[error("{contract} cannot be declared; declare normal or wedding and the replay finds it")]
    NotDeclarable {
        /// The contract given.
        contract: Contract,
    },
    /// A wedding or solo without its declarer.
    #[error("{contract} needs a declarer")]
    DeclarerMissing {
        /// The contract given.
        contract: Contract,
    },
    /// A normal game with a declarer.
    #[error("a normal game has no declarer, got seat {declarer}")]
    DeclarerNotAllowed {
        /// The declarer given.
        declarer: Seat,
    },
    /// The declarer is not one of the four seats.
    #[error("declarer {declarer} is not a seat at a table of 4")]
    DeclarerOutOfRange {
        /// The declarer given.
        declarer: Seat,
    },
    /// Only a declared solo can be a Pflichtsolo.
    #[error("only a declared solo can be compulsory, not {contract}")]
    CompulsoryWithoutSolo {
        /// The contract given.
        contract: Contract,
    },
    /// An event names a seat that is not at the table.
    #[error("seat {seat} is not a seat at a table of 4")]
    SeatOutOfRange {
        /// The seat given.
        seat: Seat,
    },
    /// Anything after the 48th card: the deal is over.
    #[error("the deal is over after the 48th card")]
    AfterLastCard,
    /// A card the seat cannot hold: both copies of the kind are already played or held
    /// elsewhere.
    #[error("seat {seat} does not hold {card}")]
    CardNotInHand {
        /// The seat that played it.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// A seat did not play exactly twelve cards.
    #[error("seat {seat} played {played} cards, not 12")]
    WrongCardCount {
        /// The seat.
        seat: Seat,
        /// The cards it played.
        played: u8,
    },
    /// The wedding player must hold both ♣Q (TSR 4.4.1).
    #[error("wedding player {declarer} holds {held} ♣Q, not both")]
    WeddingWithoutClubQueens {
        /// The wedding player.
        declarer: Seat,
        /// How many ♣Q he holds.
        held: u8,
    },
    /// A card played out of turn.
    #[error("seat {seat} played, but it is seat {expected}'s turn")]
    WrongTurn {
        /// The seat that played.
        seat: Seat,
        /// The seat whose turn it is.
        expected: Seat,
    },
    /// A card that does not follow the led suit although the seat holds one (TSR 5.2).
    #[error("seat {seat} must follow {led} but played {card}")]
    NotFollowing {
        /// The seat that played.
        seat: Seat,
        /// The card played.
        card: Card,
        /// The effective suit of the led card.
        led: Effective,
    },
    /// "re" by a Kontra player or "kontra" by a Re player.
    #[error("seat {seat} is {} and cannot call {call}", party.as_str())]
    WrongParty {
        /// The seat that called.
        seat: Seat,
        /// The call.
        call: CallKind,
        /// The caller's party.
        party: Party,
    },
    /// A call in an announced wedding before its clarifying trick is complete (TSR 4.4.4).
    #[error("seat {seat} called {call} before the wedding's clarifying trick was complete")]
    BeforeClarifyingTrick {
        /// The seat that called.
        seat: Seat,
        /// The call.
        call: CallKind,
    },
    /// A call that repeats or lowers the party's level (TSR 6.4.7).
    #[error("seat {seat} called {call}, but the party already stands at {level:?}")]
    NotRaising {
        /// The seat that called.
        seat: Seat,
        /// The call.
        call: CallKind,
        /// The party's level before the call.
        level: CallLevel,
    },
    /// An Absage by a party whose Ansage was only in time as a reply (TSR 6.4.4).
    #[error(
        "seat {seat} called {call}, but the party's ansage was a late reply and allows no absage"
    )]
    AbsageAfterLateReply {
        /// The seat that called.
        seat: Seat,
        /// The call.
        call: CallKind,
    },
    /// A call after its deadline (TSR 6.2.2, 6.3.4, 6.4.2–6.4.4).
    #[error("seat {seat} called {call} with {cards} cards in hand; it needs at least {needed}")]
    TooLate {
        /// The seat that called.
        seat: Seat,
        /// The call.
        call: CallKind,
        /// Cards the caller still held.
        cards: u8,
        /// The fewest cards with which the call would have been in time.
        needed: u8,
    },
}

/// Minimum cards in hand for each level as a first announcement (index = level), before any
/// wedding shift (TSR 6.2.2, 6.3.4).
const fn base_requirement(level: CallLevel) -> u8 {
    match level {
        CallLevel::None => 0,
        CallLevel::Ansage => 11,
        CallLevel::No90 => 10,
        CallLevel::No60 => 9,
        CallLevel::No30 => 8,
        CallLevel::Schwarz => 7,
    }
}

const fn party_index(party: Party) -> usize {
    match party {
        Party::Re => 0,
        Party::Kontra => 1,
    }
}

/// Index of trump in the per-seat suit counters; plain suits use their discriminant.
const TRUMP_SLOT: usize = 4;

const fn slot(effective: Effective) -> usize {
    match effective {
        Effective::Trump => TRUMP_SLOT,
        Effective::Plain(suit) => suit as usize,
    }
}

/// The rule engine: the state of a deal between events. Every method checks before it
/// changes anything, so a rejected play or call leaves the state as it was (the simulator
/// relies on that to try calls).
#[derive(Debug, Clone)]
pub(crate) struct Engine {
    ranking: &'static Ranking,
    /// The contract as played so far; a wedding becomes final with its clarifying trick.
    contract: Contract,
    /// The Re party; in a wedding only the wedding player until the clarifying trick.
    re: SeatSet,
    /// The wedding player while the clarifying trick is outstanding.
    pending_wedding: Option<Seat>,
    /// Number (1–3) of the wedding's clarifying trick, once played.
    clarifying: Option<u8>,
    /// Cards still held, per seat and kind.
    hands: [[u8; 24]; 4],
    /// Cards still held, per seat and effective suit (plain suits, then trump).
    suits: [[u8; 5]; 4],
    played: [u8; 4],
    leader: Seat,
    current: [Card; 4],
    in_trick: u8,
    tricks: Vec<Trick>,
    levels: [CallLevel; 2],
    late_reply: [bool; 2],
}

impl Engine {
    /// A deal about to start, from the declaration and the hands (12 cards each). The
    /// declaration must have passed [`check_request`]; a wedding player without both ♣Q
    /// is not caught here.
    pub(crate) fn start(
        declared: Contract,
        declarer: Option<Seat>,
        dealer: Seat,
        compulsory: bool,
        hands: [[u8; 24]; 4],
    ) -> Engine {
        let club_queen = Card::new(Suit::Clubs, Rank::Queen).index();
        let mut re = SeatSet::EMPTY;
        let mut contract = declared;
        let mut wedding_player = None;
        match (declared, declarer) {
            (Contract::Wedding, Some(player)) => {
                re = re.with(player);
                wedding_player = Some(player);
            }
            (_, Some(soloist)) => re = re.with(soloist),
            (_, None) => {
                for seat in 0..SEATS {
                    if hands[usize::from(seat)][club_queen] > 0 {
                        re = re.with(seat);
                    }
                }
                if re.len() == 1 {
                    contract = Contract::SilentWedding;
                }
            }
        }
        // TSR 4.2.2: the Pflichtsolo player leads; otherwise the dealer's left neighbour.
        let leader = match (compulsory, declarer) {
            (true, Some(soloist)) => soloist,
            _ => (dealer + 1) % SEATS,
        };
        let ranking = Ranking::of(contract);
        let mut suits = [[0u8; 5]; 4];
        for (seat, hand) in hands.iter().enumerate() {
            for (kind, &count) in hand.iter().enumerate() {
                suits[seat][slot(ranking.effective(Card::DECK[kind]))] += count;
            }
        }
        Engine {
            ranking,
            contract,
            re,
            pending_wedding: wedding_player,
            clarifying: None,
            hands,
            suits,
            played: [0; 4],
            leader,
            current: [Card::DECK[0]; 4],
            in_trick: 0,
            tricks: Vec::with_capacity(12),
            levels: [CallLevel::None; 2],
            late_reply: [false; 2],
        }
    }

    /// The seat whose turn it is.
    pub(crate) const fn to_play(&self) -> Seat {
        (self.leader + self.in_trick) % SEATS
    }

    /// Whether all 48 cards are played.
    pub(crate) fn is_over(&self) -> bool {
        self.tricks.len() == 12
    }

    /// The party of `seat`, once it is settled (in a wedding: after the clarifying trick).
    pub(crate) fn party_of(&self, seat: Seat) -> Option<Party> {
        if self.pending_wedding.is_some() {
            None
        } else if self.re.contains(seat) {
            Some(Party::Re)
        } else {
            Some(Party::Kontra)
        }
    }

    /// The highest call of `party` so far.
    pub(crate) const fn level(&self, party: Party) -> CallLevel {
        self.levels[party_index(party)]
    }

    /// Whether `seat` may play `card` now, as far as following suit goes (turn and hand
    /// are checked by [`Engine::play`]).
    fn follows(&self, seat: Seat, card: Card) -> Result<(), ReplayErrorKind> {
        if self.in_trick == 0 {
            return Ok(());
        }
        let led = self.ranking.effective(self.current[0]);
        if self.ranking.effective(card) != led && self.suits[usize::from(seat)][slot(led)] > 0 {
            return Err(ReplayErrorKind::NotFollowing { seat, card, led });
        }
        Ok(())
    }

    /// The cards `seat` may legally play now (each kind once), written into `out`; returns
    /// how many. Used by the simulator.
    pub(crate) fn legal_cards(&self, seat: Seat, out: &mut [Card; 12]) -> usize {
        let mut n = 0;
        for (kind, &count) in self.hands[usize::from(seat % SEATS)].iter().enumerate() {
            let card = Card::DECK[kind];
            if count > 0 && n < out.len() && self.follows(seat, card).is_ok() {
                out[n] = card;
                n += 1;
            }
        }
        n
    }

    /// Puts `card` from `seat` on the table, finishing the trick with the fourth card.
    pub(crate) fn play(&mut self, seat: Seat, card: Card) -> Result<(), ReplayErrorKind> {
        if self.is_over() {
            return Err(ReplayErrorKind::AfterLastCard);
        }
        if seat >= SEATS {
            return Err(ReplayErrorKind::SeatOutOfRange { seat });
        }
        let expected = self.to_play();
        if seat != expected {
            return Err(ReplayErrorKind::WrongTurn { seat, expected });
        }
        let s = usize::from(seat);
        let kind = card.index();
        if self.hands[s][kind] == 0 {
            return Err(ReplayErrorKind::CardNotInHand { seat, card });
        }
        self.follows(seat, card)?;
        self.hands[s][kind] -= 1;
        self.suits[s][slot(self.ranking.effective(card))] -= 1;
        self.played[s] += 1;
        self.current[usize::from(self.in_trick)] = card;
        self.in_trick += 1;
        if self.in_trick == SEATS {
            self.finish_trick();
        }
        Ok(())
    }

    fn finish_trick(&mut self) {
        let cards = self.current;
        let position = self.ranking.trick_winner(&cards);
        let trick = Trick {
            leader: self.leader,
            cards,
            // position is 0–3.
            winner: (self.leader + position as u8) % SEATS,
            points: crate::cards::trick_points(&cards),
        };
        self.tricks.push(trick);
        self.leader = trick.winner;
        self.in_trick = 0;
        if let Some(player) = self.pending_wedding {
            // TSR 4.4.3: the first of tricks 1–3 won by someone else finds the partner; if
            // the wedding player takes all three, trick 3 clarifies and he plays alone.
            let number = self.tricks.len() as u8;
            if trick.winner != player {
                self.re = self.re.with(trick.winner);
                self.contract = Contract::Wedding;
            } else if number == 3 {
                self.contract = Contract::WeddingSolo;
            } else {
                return;
            }
            self.pending_wedding = None;
            self.clarifying = Some(number);
        }
    }

    /// The cards needed for `level` as a first announcement, with the wedding shift
    /// (TSR 4.4.4: one card fewer per trick the clarifying trick came after trick 1).
    fn requirement(&self, level: CallLevel) -> u8 {
        let shift = self.clarifying.map_or(0, |trick| trick.saturating_sub(1));
        base_requirement(level).saturating_sub(shift)
    }

    /// Makes a call of `seat`, if it is legal now.
    pub(crate) fn call(&mut self, seat: Seat, call: CallKind) -> Result<(), ReplayErrorKind> {
        if self.is_over() {
            return Err(ReplayErrorKind::AfterLastCard);
        }
        if seat >= SEATS {
            return Err(ReplayErrorKind::SeatOutOfRange { seat });
        }
        let Some(party) = self.party_of(seat) else {
            return Err(ReplayErrorKind::BeforeClarifyingTrick { seat, call });
        };
        match (call, party) {
            (CallKind::Re, Party::Kontra) | (CallKind::Kontra, Party::Re) => {
                return Err(ReplayErrorKind::WrongParty { seat, call, party });
            }
            _ => {}
        }
        let own = party_index(party);
        let current = self.levels[own];
        let target = call.level();
        if target <= current {
            return Err(ReplayErrorKind::NotRaising {
                seat,
                call,
                level: current,
            });
        }
        if target > CallLevel::Ansage && self.late_reply[own] {
            return Err(ReplayErrorKind::AbsageAfterLateReply { seat, call });
        }
        let cards = HAND - self.played[usize::from(seat)];
        // Every implied level must be in time; the lowest one has the earliest deadline.
        let lowest = current.next().unwrap_or(target);
        let needed = self.requirement(lowest);
        let mut late = false;
        if cards < needed {
            let opponents = self.levels[1 - own];
            // TSR 6.4.4: a bare Ansage answering the opponents' call has one card more time
            // than the opponents had for their highest level.
            let reply = (target == CallLevel::Ansage && opponents > CallLevel::None)
                .then(|| self.requirement(opponents).saturating_sub(1));
            match reply {
                Some(reply_needed) if cards >= reply_needed => late = true,
                _ => {
                    return Err(ReplayErrorKind::TooLate {
                        seat,
                        call,
                        cards,
                        needed: reply.map_or(needed, |r| r.min(needed)),
                    });
                }
            }
        }
        self.levels[own] = target;
        self.late_reply[own] |= late;
        Ok(())
    }

    /// The facts of the finished deal; call only when [`Engine::is_over`].
    pub(crate) fn finish(self) -> Replay {
        let mut re_points = 0u8;
        let mut re_tricks = 0u8;
        for trick in &self.tricks {
            if self.re.contains(trick.winner) {
                re_points += trick.points;
                re_tricks += 1;
            }
        }
        let extras = if matches!(self.contract, Contract::Normal | Contract::Wedding) {
            extras(&self.tricks, self.re)
        } else {
            PartyExtras::default()
        };
        Replay {
            facts: DealFacts {
                table_size: TableSize::Four,
                contract: self.contract,
                re: self.re,
                sitting_out: None,
                re_points,
                re_tricks,
                announcements: Announcements {
                    re: self.levels[0],
                    kontra: self.levels[1],
                },
                extras,
            },
            tricks: self.tricks,
        }
    }
}

/// Doppelkopf, fox and Karlchen per party (TSR 7.2.3), for a game scored as normal.
fn extras(tricks: &[Trick], re: SeatSet) -> PartyExtras {
    let fox = Card::new(Suit::Diamonds, Rank::Ace);
    let karlchen = Card::new(Suit::Clubs, Rank::Jack);
    let party = |seat: Seat| {
        if re.contains(seat) {
            Party::Re
        } else {
            Party::Kontra
        }
    };
    let mut out = PartyExtras::default();
    for (number, trick) in tricks.iter().enumerate() {
        let winners = party(trick.winner);
        let credit = match winners {
            Party::Re => &mut out.re,
            Party::Kontra => &mut out.kontra,
        };
        if trick.points >= 40 {
            credit.doppelkopf += 1;
        }
        for (i, &card) in trick.cards.iter().enumerate() {
            if card == fox && party(trick.player(i)) != winners {
                credit.fox += 1;
            }
        }
        // The winning card was played by the winner, so the ♣J's party is the winners'.
        let winning = usize::from((trick.winner + SEATS - trick.leader) % SEATS);
        if number == 11 && trick.cards[winning] == karlchen {
            credit.karlchen += 1;
        }
    }
    out
}

fn request_error(kind: ReplayErrorKind) -> ReplayError {
    ReplayError { event: None, kind }
}

/// Checks the request's own fields: dealer, declarable contract, declarer, compulsory flag.
fn check_request(req: &ReplayRequest) -> Result<(), ReplayError> {
    if req.dealer >= SEATS {
        return Err(request_error(ReplayErrorKind::DealerOutOfRange {
            dealer: req.dealer,
        }));
    }
    let contract = req.contract;
    let declared = contract.is_declared_solo() || contract == Contract::Wedding;
    if !declared && contract != Contract::Normal {
        return Err(request_error(ReplayErrorKind::NotDeclarable { contract }));
    }
    match (declared, req.declarer) {
        (true, None) => {
            return Err(request_error(ReplayErrorKind::DeclarerMissing { contract }));
        }
        (false, Some(declarer)) => {
            return Err(request_error(ReplayErrorKind::DeclarerNotAllowed {
                declarer,
            }));
        }
        (true, Some(declarer)) if declarer >= SEATS => {
            return Err(request_error(ReplayErrorKind::DeclarerOutOfRange {
                declarer,
            }));
        }
        _ => {}
    }
    if req.compulsory && !contract.is_declared_solo() {
        return Err(request_error(ReplayErrorKind::CompulsoryWithoutSolo {
            contract,
        }));
    }
    Ok(())
}

/// Reads the hands from the plays: the structural checks that need no rules of play.
fn read_hands(events: &[Event]) -> Result<[[u8; 24]; 4], ReplayError> {
    let mut hands = [[0u8; 24]; 4];
    let mut copies = [0u8; 24];
    let mut per_seat = [0u8; 4];
    let mut plays = 0usize;
    for (i, event) in events.iter().enumerate() {
        let at = |kind| ReplayError {
            event: Some(i),
            kind,
        };
        let seat = event.seat();
        if seat >= SEATS {
            return Err(at(ReplayErrorKind::SeatOutOfRange { seat }));
        }
        if plays == DECK_CARDS {
            return Err(at(ReplayErrorKind::AfterLastCard));
        }
        if let Event::Play { card, .. } = *event {
            let kind = card.index();
            if copies[kind] == 2 {
                return Err(at(ReplayErrorKind::CardNotInHand { seat, card }));
            }
            copies[kind] += 1;
            hands[usize::from(seat)][kind] += 1;
            per_seat[usize::from(seat)] = per_seat[usize::from(seat)].saturating_add(1);
            plays += 1;
        }
    }
    for (seat, &played) in (0..SEATS).zip(per_seat.iter()) {
        if played != HAND {
            return Err(request_error(ReplayErrorKind::WrongCardCount {
                seat,
                played,
            }));
        }
    }
    Ok(hands)
}

/// Replays a whole deal: checks every play and call against the rules and returns the
/// facts for the scorer and the tricks, or the first rule broken.
pub fn replay(req: &ReplayRequest) -> Result<Replay, ReplayError> {
    check_request(req)?;
    let hands = read_hands(&req.events)?;
    if let (Contract::Wedding, Some(declarer)) = (req.contract, req.declarer) {
        let held = hands[usize::from(declarer)][Card::new(Suit::Clubs, Rank::Queen).index()];
        if held != 2 {
            return Err(request_error(ReplayErrorKind::WeddingWithoutClubQueens {
                declarer,
                held,
            }));
        }
    }
    let mut engine = Engine::start(
        req.contract,
        req.declarer,
        req.dealer,
        req.compulsory,
        hands,
    );
    for (i, event) in req.events.iter().enumerate() {
        let result = match *event {
            Event::Play { seat, card } => engine.play(seat, card),
            Event::Call { seat, call } => engine.call(seat, call),
        };
        result.map_err(|kind| ReplayError {
            event: Some(i),
            kind,
        })?;
    }
    Ok(engine.finish())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::trick_winner;
    use crate::deal::Extras;

    /// Calls to insert into a built deal: (before play number, seat, call).
    type Calls = &'static [(usize, Seat, CallKind)];
    /// A call expected to be too late: (cards in hand, cards needed).
    type TooLate = Option<(u8, u8)>;
    use proptest::prelude::*;

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    /// Builds the events of a deal from its tricks, each given seat by seat
    /// (`tricks[t][s]` is seat `s`'s card in trick `t`); the helper orders each trick from
    /// its leader, who is the previous trick's winner under `contract`. `calls` are
    /// inserted before the play with the given number (0–47; 48 = after the last card).
    fn build(
        contract: Contract,
        leader: Seat,
        tricks: &[[&str; 4]; 12],
        calls: &[(usize, Seat, CallKind)],
    ) -> Vec<Event> {
        let mut plays = Vec::new();
        let mut leader = leader;
        for trick in tricks {
            let order: Vec<Seat> = (0..4).map(|i| (leader + i) % 4).collect();
            let cards: [Card; 4] = [0, 1, 2, 3].map(|i| card(trick[usize::from(order[i])]));
            for (i, &seat) in order.iter().enumerate() {
                plays.push(Event::Play {
                    seat,
                    card: cards[i],
                });
            }
            leader = order[trick_winner(&cards, contract)];
        }
        let mut events = Vec::new();
        for (n, play) in plays.into_iter().enumerate() {
            for &(at, seat, call) in calls {
                if at == n {
                    events.push(Event::Call { seat, call });
                }
            }
            events.push(play);
        }
        for &(at, seat, call) in calls {
            if at == 48 {
                events.push(Event::Call { seat, call });
            }
        }
        events
    }

    /// A normal game, seats 0 and 2 Re, seat 0 leads (dealer 3). Every trick is legal:
    /// hands are the columns. Tricks won: 0, 0, 0, 2, 3, 0, 0, 1, 1, 1, 2, 2.
    const NORMAL: [[&str; 4]; 12] = [
        ["CA", "CT", "CA", "CT"], // 42 points: Doppelkopf for Re
        ["CK", "C9", "CK", "C9"],
        ["SA", "ST", "S9", "SA"],
        ["S9", "SK", "ST", "SK"],
        ["HA", "HK", "H9", "HA"],
        ["DQ", "HK", "D9", "H9"], // seats 0 and 2 are void in hearts and trump
        ["HT", "DA", "CQ", "DT"], // Kontra's fox caught by Re
        ["CQ", "HT", "SQ", "HQ"],
        ["CJ", "SQ", "HQ", "DQ"],
        ["SJ", "SJ", "DA", "HJ"], // Re's fox caught by Kontra; the first ♠J wins
        ["DK", "DJ", "HJ", "DJ"],
        ["DT", "D9", "CJ", "DK"], // Karlchen for Re
    ];

    /// [`NORMAL`] with seat 0 holding both ♣Q (it swapped a ♦K for seat 2's ♣Q).
    /// Tricks won: 0, 0, 0, 2, 3, 0, 0, 1, 1, 1, 0, 2.
    const BOTH_QUEENS: [[&str; 4]; 12] = [
        ["CA", "CT", "CA", "CT"],
        ["CK", "C9", "CK", "C9"],
        ["SA", "ST", "S9", "SA"],
        ["S9", "SK", "ST", "SK"],
        ["HA", "HK", "H9", "HA"],
        ["DQ", "HK", "D9", "H9"],
        ["HT", "DA", "DK", "DT"],
        ["CQ", "HT", "SQ", "HQ"],
        ["CJ", "SQ", "HQ", "DQ"],
        ["SJ", "SJ", "DA", "HJ"],
        ["CQ", "DJ", "HJ", "DJ"],
        ["DT", "D9", "CJ", "DK"],
    ];

    /// [`BOTH_QUEENS`] where seat 1 takes trick 2 (and seat 3 trick 3), so a wedding of
    /// seat 0 is clarified in trick 2. Tricks won: 0, 1, 3, 2, 3, 0, 0, 1, 1, 1, 0, 2.
    const WEDDING_TRICK_2: [[&str; 4]; 12] = [
        ["CA", "CT", "CA", "CT"],
        ["C9", "CK", "CK", "C9"],
        ["SA", "ST", "S9", "SA"],
        ["S9", "SK", "ST", "SK"],
        ["HA", "HK", "H9", "HA"],
        ["DQ", "HK", "D9", "H9"],
        ["HT", "DA", "DK", "DT"],
        ["CQ", "HT", "SQ", "HQ"],
        ["CJ", "SQ", "HQ", "DQ"],
        ["SJ", "SJ", "DA", "HJ"],
        ["CQ", "DJ", "HJ", "DJ"],
        ["DT", "D9", "CJ", "DK"],
    ];

    fn request(
        contract: Contract,
        declarer: Option<Seat>,
        dealer: Seat,
        events: Vec<Event>,
    ) -> ReplayRequest {
        ReplayRequest {
            contract,
            declarer,
            dealer,
            compulsory: false,
            events,
        }
    }

    fn normal(calls: &[(usize, Seat, CallKind)]) -> ReplayRequest {
        request(
            Contract::Normal,
            None,
            3,
            build(Contract::Normal, 0, &NORMAL, calls),
        )
    }

    fn wedding2(calls: &[(usize, Seat, CallKind)]) -> ReplayRequest {
        request(
            Contract::Wedding,
            Some(0),
            3,
            build(Contract::Wedding, 0, &WEDDING_TRICK_2, calls),
        )
    }

    fn wedding_solo(calls: &[(usize, Seat, CallKind)]) -> ReplayRequest {
        request(
            Contract::Wedding,
            Some(0),
            3,
            build(Contract::Wedding, 0, &BOTH_QUEENS, calls),
        )
    }

    fn seats(s: &[Seat]) -> SeatSet {
        SeatSet::from_seats(s).unwrap()
    }

    fn err(event: Option<usize>, kind: ReplayErrorKind) -> Result<Replay, ReplayError> {
        Err(ReplayError { event, kind })
    }

    /// The event index of the first call `call` by `seat`.
    fn call_index(req: &ReplayRequest, seat: Seat, call: CallKind) -> usize {
        req.events
            .iter()
            .position(|e| *e == Event::Call { seat, call })
            .unwrap()
    }

    use CallKind::{Kontra, No30, No60, No90, Re, Schwarz};

    #[test]
    fn out_of_range_seats_are_refused_and_never_overflow() {
        // A trick built by hand with any leader still names seats 0–3.
        let mut trick = replay(&normal(&[])).unwrap().tricks[0];
        trick.leader = u8::MAX;
        let players: Vec<Seat> = (0..4).map(|i| trick.player(i)).collect();
        assert_eq!(players, [3, 0, 1, 2]);
        assert_eq!(trick.player(usize::MAX), 2);

        let mut req = normal(&[]);
        req.dealer = u8::MAX;
        assert_eq!(
            replay(&req),
            err(None, ReplayErrorKind::DealerOutOfRange { dealer: 255 })
        );
        let mut req = normal(&[]);
        req.events.insert(
            5,
            Event::Call {
                seat: u8::MAX,
                call: Re,
            },
        );
        assert_eq!(
            replay(&req),
            err(Some(5), ReplayErrorKind::SeatOutOfRange { seat: 255 })
        );
        let solo = request(Contract::SoloJacks, Some(u8::MAX), 0, Vec::new());
        assert_eq!(
            replay(&solo),
            err(None, ReplayErrorKind::DeclarerOutOfRange { declarer: 255 })
        );
        assert!("256:CA".parse::<Event>().is_err());
        assert!("-1:re".parse::<Event>().is_err());
    }

    #[test]
    fn a_normal_game_has_points_tricks_and_extras() {
        let replayed = replay(&normal(&[])).unwrap();
        let winners: Vec<Seat> = replayed.tricks.iter().map(|t| t.winner).collect();
        assert_eq!(winners, [0, 0, 0, 2, 3, 0, 0, 1, 1, 1, 2, 2]);
        let points: Vec<u8> = replayed.tricks.iter().map(|t| t.points).collect();
        assert_eq!(points, [42, 8, 32, 18, 26, 7, 34, 19, 11, 17, 10, 16]);
        let facts = replayed.facts;
        assert_eq!(facts.contract, Contract::Normal);
        assert_eq!(facts.re, seats(&[0, 2]));
        assert_eq!(facts.table_size, TableSize::Four);
        assert_eq!(facts.sitting_out, None);
        assert_eq!(facts.re_points, 167);
        assert_eq!(facts.re_tricks, 8);
        assert_eq!(facts.announcements, Announcements::default());
        assert_eq!(
            facts.extras,
            PartyExtras {
                re: Extras {
                    doppelkopf: 1,
                    fox: 1,
                    karlchen: 1
                },
                kontra: Extras {
                    doppelkopf: 0,
                    fox: 1,
                    karlchen: 0
                },
            }
        );
        assert_eq!(facts.validate(), Ok(()));
        assert_eq!(replayed.tricks[0].leader, 0);
        assert_eq!(replayed.tricks[3].leader, 0);
        assert_eq!(replayed.tricks[4].leader, 2);
    }

    #[test]
    fn one_seat_with_both_club_queens_is_a_silent_wedding() {
        let req = request(
            Contract::Normal,
            None,
            3,
            build(
                Contract::Normal,
                0,
                &BOTH_QUEENS,
                &[(0, 0, Re), (1, 1, Kontra)],
            ),
        );
        let facts = replay(&req).unwrap().facts;
        assert_eq!(facts.contract, Contract::SilentWedding);
        assert_eq!(facts.re, seats(&[0]));
        // Tricks 1, 2, 3, 6, 7, 11: 42 + 8 + 32 + 7 + 35 + 9.
        assert_eq!((facts.re_points, facts.re_tricks), (133, 6));
        assert_eq!(facts.extras, PartyExtras::default());
        assert_eq!(facts.announcements.re, CallLevel::Ansage);
        assert_eq!(facts.announcements.kontra, CallLevel::Ansage);
        assert_eq!(facts.validate(), Ok(()));
    }

    #[test]
    fn a_wedding_finds_its_partner_in_trick_2() {
        let replayed = replay(&wedding2(&[])).unwrap();
        let facts = replayed.facts;
        assert_eq!(facts.contract, Contract::Wedding);
        assert_eq!(facts.re, seats(&[0, 1]));
        // Tricks 1, 2, 6, 7, 8, 9, 10, 11.
        assert_eq!((facts.re_points, facts.re_tricks), (148, 8));
        assert_eq!(
            facts.extras,
            PartyExtras {
                // Trick 1 is a Doppelkopf; seat 2's fox falls to seat 1 in trick 10; seat
                // 1's own fox in trick 7 goes to its partner and is no fox.
                re: Extras {
                    doppelkopf: 1,
                    fox: 1,
                    karlchen: 0
                },
                kontra: Extras {
                    doppelkopf: 0,
                    fox: 0,
                    karlchen: 1
                },
            }
        );
        assert_eq!(facts.validate(), Ok(()));
    }

    #[test]
    fn wedding_deadlines_shift_by_the_clarifying_trick() {
        // Trick 2 is complete after play 8; seat 0 then holds 10 cards, 9 after play 11.
        let ok = wedding2(&[(8, 0, Re)]);
        assert_eq!(
            replay(&ok).unwrap().facts.announcements.re,
            CallLevel::Ansage
        );
        let late = wedding2(&[(12, 0, Re)]);
        let i = call_index(&late, 0, Re);
        assert_eq!(
            replay(&late),
            err(
                Some(i),
                ReplayErrorKind::TooLate {
                    seat: 0,
                    call: Re,
                    cards: 9,
                    needed: 10
                }
            )
        );
        // Before the 4th card of trick 2 nobody may call, not even the wedding player.
        let early = wedding2(&[(7, 0, Re)]);
        assert_eq!(
            replay(&early),
            err(
                Some(7),
                ReplayErrorKind::BeforeClarifyingTrick { seat: 0, call: Re }
            )
        );
        // Kontra replies with one card fewer than Re needed: 9 (seat 2 after 3 plays).
        let reply = wedding2(&[(8, 0, Re), (12, 2, Kontra)]);
        let facts = replay(&reply).unwrap().facts;
        assert_eq!(facts.announcements.kontra, CallLevel::Ansage);
    }

    #[test]
    fn a_wedding_player_taking_tricks_1_to_3_plays_a_solo() {
        let replayed = replay(&wedding_solo(&[])).unwrap();
        let facts = replayed.facts;
        assert_eq!(facts.contract, Contract::WeddingSolo);
        assert_eq!(facts.re, seats(&[0]));
        assert_eq!((facts.re_points, facts.re_tricks), (133, 6));
        assert_eq!(facts.extras, PartyExtras::default());
        assert_eq!(facts.validate(), Ok(()));
        // Trick 3 clarifies: no call before play 12; afterwards deadlines shift by 2, so
        // "re" with 9 cards and "kontra" with 8 (a reply: 9 − 1) are in time.
        let early = wedding_solo(&[(11, 1, Kontra)]);
        assert_eq!(
            replay(&early),
            err(
                Some(11),
                ReplayErrorKind::BeforeClarifyingTrick {
                    seat: 1,
                    call: Kontra
                }
            )
        );
        let calls = wedding_solo(&[(12, 0, Re), (17, 1, Kontra)]);
        let facts = replay(&calls).unwrap().facts;
        assert_eq!(facts.announcements.re, CallLevel::Ansage);
        assert_eq!(facts.announcements.kontra, CallLevel::Ansage);
        let too_late = wedding_solo(&[(16, 0, Re)]);
        assert_eq!(
            replay(&too_late),
            err(
                Some(16),
                ReplayErrorKind::TooLate {
                    seat: 0,
                    call: Re,
                    cards: 8,
                    needed: 9
                }
            )
        );
    }

    #[test]
    fn the_soloist_leads_a_compulsory_solo() {
        // Seat 0's left neighbour (1) would lead; as a Pflichtsolo the soloist 0 leads.
        let events = build(Contract::SoloDiamonds, 0, &NORMAL, &[(0, 0, No90)]);
        let mut req = request(Contract::SoloDiamonds, Some(0), 0, events);
        req.compulsory = true;
        let replayed = replay(&req).unwrap();
        let facts = replayed.facts;
        assert_eq!(replayed.tricks[0].leader, 0);
        assert_eq!(facts.contract, Contract::SoloDiamonds);
        assert_eq!(facts.re, seats(&[0]));
        // Tricks 1, 2, 3, 6, 7.
        assert_eq!((facts.re_points, facts.re_tricks), (123, 5));
        assert_eq!(facts.announcements.re, CallLevel::No90);
        assert_eq!(facts.extras, PartyExtras::default());
        assert_eq!(facts.validate(), Ok(()));
        req.compulsory = false;
        assert_eq!(
            replay(&req),
            err(
                Some(1),
                ReplayErrorKind::WrongTurn {
                    seat: 0,
                    expected: 1
                }
            )
        );
    }

    #[test]
    fn request_level_errors() {
        let events = build(Contract::Normal, 0, &NORMAL, &[]);
        let base = request(Contract::Normal, None, 3, events.clone());
        let cases: Vec<(ReplayRequest, ReplayErrorKind)> = vec![
            (
                ReplayRequest {
                    dealer: 4,
                    ..base.clone()
                },
                ReplayErrorKind::DealerOutOfRange { dealer: 4 },
            ),
            (
                ReplayRequest {
                    contract: Contract::SilentWedding,
                    ..base.clone()
                },
                ReplayErrorKind::NotDeclarable {
                    contract: Contract::SilentWedding,
                },
            ),
            (
                ReplayRequest {
                    contract: Contract::SoloQueens,
                    ..base.clone()
                },
                ReplayErrorKind::DeclarerMissing {
                    contract: Contract::SoloQueens,
                },
            ),
            (
                ReplayRequest {
                    declarer: Some(1),
                    ..base.clone()
                },
                ReplayErrorKind::DeclarerNotAllowed { declarer: 1 },
            ),
            (
                ReplayRequest {
                    contract: Contract::Wedding,
                    declarer: Some(7),
                    ..base.clone()
                },
                ReplayErrorKind::DeclarerOutOfRange { declarer: 7 },
            ),
            (
                ReplayRequest {
                    compulsory: true,
                    ..base.clone()
                },
                ReplayErrorKind::CompulsoryWithoutSolo {
                    contract: Contract::Normal,
                },
            ),
            (
                ReplayRequest {
                    contract: Contract::Wedding,
                    declarer: Some(0),
                    ..base.clone()
                },
                ReplayErrorKind::WeddingWithoutClubQueens {
                    declarer: 0,
                    held: 1,
                },
            ),
            (
                ReplayRequest {
                    events: events[..47].to_vec(),
                    ..base.clone()
                },
                ReplayErrorKind::WrongCardCount {
                    seat: 1,
                    played: 11,
                },
            ),
        ];
        for (req, kind) in cases {
            assert_eq!(replay(&req), err(None, kind));
        }
    }

    #[test]
    fn event_level_errors_point_at_the_event() {
        let events = build(Contract::Normal, 0, &NORMAL, &[]);
        let base = request(Contract::Normal, None, 3, events.clone());
        let with = |f: &dyn Fn(&mut Vec<Event>)| {
            let mut req = base.clone();
            f(&mut req.events);
            req
        };
        let cases: Vec<(ReplayRequest, usize, ReplayErrorKind)> = vec![
            (
                with(&|e| e.swap(0, 1)),
                0,
                ReplayErrorKind::WrongTurn {
                    seat: 1,
                    expected: 0,
                },
            ),
            (
                with(&|e| e.insert(3, Event::Call { seat: 4, call: Re })),
                3,
                ReplayErrorKind::SeatOutOfRange { seat: 4 },
            ),
            (
                with(&|e| e.push(Event::Call { seat: 0, call: Re })),
                48,
                ReplayErrorKind::AfterLastCard,
            ),
            (
                with(&|e| {
                    e.push(Event::Play {
                        seat: 0,
                        card: card("CA"),
                    })
                }),
                48,
                ReplayErrorKind::AfterLastCard,
            ),
            (
                // A third ♣A: nobody can hold it.
                with(&|e| {
                    e[5] = Event::Play {
                        seat: 1,
                        card: card("CA"),
                    }
                }),
                5,
                ReplayErrorKind::CardNotInHand {
                    seat: 1,
                    card: card("CA"),
                },
            ),
            (
                // Seat 1 trumps the club lead with the ♥10 it would play in trick 8
                // while still holding ♣10 and ♣9.
                with(&|e| {
                    e[1] = Event::Play {
                        seat: 1,
                        card: card("HT"),
                    };
                    e[29] = Event::Play {
                        seat: 1,
                        card: card("CT"),
                    };
                }),
                1,
                ReplayErrorKind::NotFollowing {
                    seat: 1,
                    card: card("HT"),
                    led: Effective::Plain(Suit::Clubs),
                },
            ),
        ];
        assert_eq!(
            events[29],
            Event::Play {
                seat: 1,
                card: card("HT")
            }
        );
        for (req, event, kind) in cases {
            assert_eq!(replay(&req), err(Some(event), kind));
        }
    }

    #[test]
    fn not_following_is_about_the_effective_suit() {
        // Trick 6 is led by seat 3 with ♥9; seat 1 trumps with the ♦A (moved here from
        // trick 7) while it still holds the ♥K (moved to trick 7).
        let mut tricks = NORMAL;
        tricks[5][1] = "DA";
        tricks[6][1] = "HK";
        let req = request(
            Contract::Normal,
            None,
            3,
            build(Contract::Normal, 0, &tricks, &[]),
        );
        assert_eq!(
            replay(&req),
            err(
                Some(22),
                ReplayErrorKind::NotFollowing {
                    seat: 1,
                    card: card("DA"),
                    led: Effective::Plain(Suit::Hearts),
                }
            )
        );
        // Seat 0 leads trick 1 with the ♥10 (swapped with its ♣A from trick 7): seat 1
        // must answer with trump, not with the ♣10.
        let mut tricks = NORMAL;
        tricks[0][0] = "HT";
        tricks[6][0] = "CA";
        let req = request(
            Contract::Normal,
            None,
            3,
            build(Contract::Normal, 0, &tricks, &[]),
        );
        let result = replay(&req);
        assert_eq!(
            result,
            err(
                Some(1),
                ReplayErrorKind::NotFollowing {
                    seat: 1,
                    card: card("CT"),
                    led: Effective::Trump,
                }
            )
        );
        assert_eq!(
            result.unwrap_err().to_string(),
            "event 1: seat 1 must follow trump but played CT"
        );
    }

    #[test]
    fn calls_need_the_right_party_and_must_raise() {
        let wrong = normal(&[(0, 1, Re)]);
        assert_eq!(
            replay(&wrong),
            err(
                Some(0),
                ReplayErrorKind::WrongParty {
                    seat: 1,
                    call: Re,
                    party: Party::Kontra
                }
            )
        );
        let wrong = normal(&[(0, 2, Kontra)]);
        assert_eq!(
            replay(&wrong),
            err(
                Some(0),
                ReplayErrorKind::WrongParty {
                    seat: 2,
                    call: Kontra,
                    party: Party::Re
                }
            )
        );
        // Seat 2 repeats its partner's "re".
        let repeat = normal(&[(0, 0, Re), (1, 2, Re)]);
        assert_eq!(
            replay(&repeat),
            err(
                Some(2),
                ReplayErrorKind::NotRaising {
                    seat: 2,
                    call: Re,
                    level: CallLevel::Ansage
                }
            )
        );
        // "keine 90" after "keine 60" does not raise.
        let lower = normal(&[(0, 0, No60), (2, 2, No90)]);
        assert_eq!(
            replay(&lower),
            err(
                Some(3),
                ReplayErrorKind::NotRaising {
                    seat: 2,
                    call: No90,
                    level: CallLevel::No60
                }
            )
        );
        // Absagen are for one's own party, so Kontra may call them too.
        let both = normal(&[(0, 0, Re), (0, 1, No90), (4, 2, No90)]);
        let facts = replay(&both).unwrap().facts;
        assert_eq!(facts.announcements.re, CallLevel::No90);
        assert_eq!(facts.announcements.kontra, CallLevel::No90);
    }

    #[test]
    fn deadlines_of_first_announcements() {
        // Plays 0–3 are trick 1 (seats 0–3), 4–7 trick 2, 8–11 trick 3: before play 4 every
        // seat holds 11 cards, before play 8 ten, before play 12 nine.
        let cases: [(Calls, TooLate, CallLevel); 10] = [
            (&[(4, 0, Re)], None, CallLevel::Ansage),
            (&[(5, 0, Re)], Some((10, 11)), CallLevel::None),
            (&[(8, 0, No90)], Some((10, 11)), CallLevel::None),
            (&[(0, 0, Re), (8, 0, No90)], None, CallLevel::No90),
            (&[(0, 0, Re), (9, 0, No90)], Some((9, 10)), CallLevel::None),
            (&[(0, 0, No90), (12, 0, No60)], None, CallLevel::No60),
            (&[(0, 0, No60), (16, 0, No30)], None, CallLevel::No30),
            // Seat 2 has played its last card (play 44) and can call nothing any more.
            (&[(46, 2, Re)], Some((0, 11)), CallLevel::None),
            (&[(0, 0, No30), (20, 0, Schwarz)], None, CallLevel::Schwarz),
            (
                &[(0, 0, No30), (22, 0, Schwarz)],
                Some((6, 7)),
                CallLevel::None,
            ),
        ];
        for (calls, too_late, level) in cases {
            let req = normal(calls);
            match too_late {
                None => assert_eq!(
                    replay(&req).unwrap().facts.announcements.re,
                    level,
                    "{calls:?}"
                ),
                Some((cards, needed)) => {
                    let &(_, seat, call) = calls.last().unwrap();
                    assert_eq!(
                        replay(&req),
                        err(
                            Some(call_index(&req, seat, call)),
                            ReplayErrorKind::TooLate {
                                seat,
                                call,
                                cards,
                                needed
                            }
                        ),
                        "{calls:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn skipping_levels_needs_the_lowest_deadline() {
        // "keine 60" straight away with 11 cards: Ansage, keine 90 and keine 60 all count.
        let skip = normal(&[(4, 0, No60)]);
        assert_eq!(
            replay(&skip).unwrap().facts.announcements.re,
            CallLevel::No60
        );
        // With 10 cards the implied Ansage is too late, although keine 60 alone needs 9.
        let late = normal(&[(8, 0, No60)]);
        assert_eq!(
            replay(&late),
            err(
                Some(8),
                ReplayErrorKind::TooLate {
                    seat: 0,
                    call: No60,
                    cards: 10,
                    needed: 11
                }
            )
        );
    }

    #[test]
    fn reply_rule() {
        // "re" with 12 cards; seat 1 has 10 cards before play 9 (after plays 1 and 5).
        let reply = normal(&[(0, 0, Re), (6, 1, Kontra)]);
        let facts = replay(&reply).unwrap().facts;
        assert_eq!(facts.announcements.kontra, CallLevel::Ansage);
        let late = normal(&[(0, 0, Re), (10, 1, Kontra)]);
        assert_eq!(
            replay(&late),
            err(
                Some(11),
                ReplayErrorKind::TooLate {
                    seat: 1,
                    call: Kontra,
                    cards: 9,
                    needed: 10
                }
            )
        );
        // After a late reply Kontra makes no Absage, although keine 90 with seat 3's 11
        // cards would be in time as a first announcement.
        let absage = normal(&[(0, 0, Re), (6, 1, Kontra), (7, 3, No90)]);
        assert_eq!(
            replay(&absage),
            err(
                Some(9),
                ReplayErrorKind::AbsageAfterLateReply {
                    seat: 3,
                    call: No90
                }
            )
        );
        // A reply in time as a first announcement keeps the Absagen open.
        let early = normal(&[(0, 0, Re), (1, 1, Kontra), (7, 3, No90)]);
        assert_eq!(
            replay(&early).unwrap().facts.announcements.kontra,
            CallLevel::No90
        );
        // No skipping in a reply: "keine 90" by Kontra with 10 cards needs the Ansage's 11.
        let skip = normal(&[(0, 0, Re), (6, 1, No90)]);
        assert_eq!(
            replay(&skip),
            err(
                Some(7),
                ReplayErrorKind::TooLate {
                    seat: 1,
                    call: No90,
                    cards: 10,
                    needed: 11
                }
            )
        );
        // A reply to "keine 60" (9 cards) is in time with 8 (seat 1 before play 14).
        let deep = normal(&[(0, 0, No60), (14, 1, Kontra)]);
        assert_eq!(
            replay(&deep).unwrap().facts.announcements.kontra,
            CallLevel::Ansage
        );
        let too_deep = normal(&[(0, 0, No60), (20, 1, Kontra)]);
        assert_eq!(
            replay(&too_deep),
            err(
                Some(21),
                ReplayErrorKind::TooLate {
                    seat: 1,
                    call: Kontra,
                    cards: 7,
                    needed: 8
                }
            )
        );
    }

    #[test]
    fn wire_forms_round_trip() {
        for s in [
            "0:CA",
            "3:HT",
            "1:re",
            "2:kontra",
            "0:no90",
            "1:no60",
            "2:no30",
            "3:schwarz",
        ] {
            let event: Event = s.parse().unwrap();
            assert_eq!(event.to_string(), s);
        }
        assert_eq!(
            "1:re".parse::<Event>(),
            Ok(Event::Call { seat: 1, call: Re })
        );
        assert!(matches!(
            "1re".parse::<Event>(),
            Err(ParseEventError::Shape { .. })
        ));
        assert!(matches!(
            "x:re".parse::<Event>(),
            Err(ParseEventError::Seat { .. })
        ));
        assert!(matches!(
            "1:RE".parse::<Event>(),
            Err(ParseEventError::Action { .. })
        ));
        assert_eq!(
            "armut".parse::<CallKind>(),
            Err(UnknownCall("armut".into()))
        );
        for call in CallKind::ALL {
            let party = if call == Kontra {
                Party::Kontra
            } else {
                Party::Re
            };
            assert_eq!(CallKind::for_level(party, call.level()), Some(call));
        }
    }

    #[test]
    fn error_messages_are_lower_case_without_period() {
        let err = replay(&normal(&[(6, 0, Re)])).unwrap_err();
        assert_eq!(
            err.to_string(),
            "event 6: seat 0 called re with 10 cards in hand; it needs at least 11"
        );
        let err = ReplayError {
            event: None,
            kind: ReplayErrorKind::WrongCardCount {
                seat: 2,
                played: 13,
            },
        };
        assert_eq!(err.to_string(), "seat 2 played 13 cards, not 12");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]
        #[test]
        fn random_deals_replay(seed in any::<u64>()) {
            let req = crate::simulate::random_deal(seed);
            let replayed = replay(&req);
            prop_assert!(replayed.is_ok(), "{replayed:?}");
            let replayed = replayed.unwrap();
            prop_assert_eq!(replayed.tricks.len(), 12);
            let total: u32 = replayed.tricks.iter().map(|t| u32::from(t.points)).sum();
            prop_assert_eq!(total, 240);
            let facts = replayed.facts;
            prop_assert_eq!(
                u32::from(facts.points_of(Party::Re)) + u32::from(facts.points_of(Party::Kontra)),
                240
            );
            prop_assert_eq!(facts.validate(), Ok(()));
            for (i, trick) in replayed.tricks.iter().enumerate().skip(1) {
                prop_assert_eq!(trick.leader, replayed.tricks[i - 1].winner);
            }
        }
    }
}
