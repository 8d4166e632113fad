//! Relabelling players so that keep-apart group members meet less.
//!
//! Groups are placed in never-meeting classes of the construction where they fit
//! (`pipeline.rs`); what remains is lowered here by swapping two players' labels in every
//! round, which only renames who meets whom: without history, repeats and the duty spread
//! stay as they are.

use super::search::State;

impl State<'_> {
    /// Relabels pairs of players (swaps them in every round) where that lowers keep-apart
    /// encounters. Without history this leaves repeats and the duty spread unchanged.
    pub(super) fn relabel_apart(&mut self, work: u64) {
        if self.apart.is_empty() {
            return;
        }
        let apart = self.apart;
        let mut spent = 0_u64;
        loop {
            let mut improved = false;
            for group in &apart.groups {
                for &u in group {
                    let violated = group.iter().any(|&w| w != u && self.meet.get(u, w) > 0);
                    if !violated {
                        continue;
                    }
                    let mut choice: Option<(i64, u16)> = None;
                    for v in 0..self.n as u16 {
                        if v == u {
                            continue;
                        }
                        spent += 1 + self.apart.partners[usize::from(u)].len() as u64;
                        let delta = self.relabel_delta(u, v);
                        if delta < 0 && choice.is_none_or(|(d, _)| delta < d) {
                            choice = Some((delta, v));
                        }
                    }
                    if let Some((_, v)) = choice {
                        self.relabel(u, v);
                        improved = true;
                    }
                    if spent > work {
                        return;
                    }
                }
            }
            if !improved {
                return;
            }
        }
    }

    fn relabel_delta(&self, u: u16, v: u16) -> i64 {
        let mut delta = 0;
        for &w in &self.apart.partners[usize::from(u)] {
            if w != v {
                delta += i64::from(self.meet.get(v, w)) - i64::from(self.meet.get(u, w));
            }
        }
        for &w in &self.apart.partners[usize::from(v)] {
            if w != u {
                delta += i64::from(self.meet.get(u, w)) - i64::from(self.meet.get(v, w));
            }
        }
        delta
    }

    fn relabel(&mut self, u: u16, v: u16) {
        for r in 0..self.rounds.len() {
            let (tu, tv) = (
                self.table_of[r][usize::from(u)],
                self.table_of[r][usize::from(v)],
            );
            for t in [tu, tv] {
                if t == u32::MAX {
                    continue;
                }
                for p in &mut self.rounds[r][t as usize] {
                    if *p == u {
                        *p = v;
                    } else if *p == v {
                        *p = u;
                    }
                }
            }
            self.table_of[r].swap(usize::from(u), usize::from(v));
        }
        self.meet.swap_players(u, v);
        self.duty.swap(usize::from(u), usize::from(v));
    }
}
