//! Keep-apart groups: the relation the searches weigh (`relabel.rs` lowers what remains of
//! it after the construction).

use super::KeepApartGroup;

/// The keep-apart relation: for each player the sorted partners from all its groups.
#[derive(Debug, Clone)]
pub(super) struct Apart {
    /// Player → the players it shares a group with, sorted.
    pub(super) partners: Vec<Vec<u16>>,
    /// The groups, each sorted without duplicates and with at least two players.
    pub(super) groups: Vec<KeepApartGroup>,
}

impl Apart {
    pub(super) fn new(n: usize, groups: &[KeepApartGroup]) -> Self {
        let mut partners = vec![Vec::new(); n];
        let mut clean = Vec::new();
        for group in groups {
            let mut members: Vec<u16> = group
                .iter()
                .copied()
                .filter(|&p| usize::from(p) < n)
                .collect();
            members.sort_unstable();
            members.dedup();
            for &a in &members {
                for &b in &members {
                    if a != b {
                        partners[usize::from(a)].push(b);
                    }
                }
            }
            if members.len() > 1 {
                clean.push(members);
            }
        }
        for list in &mut partners {
            list.sort_unstable();
            list.dedup();
        }
        Self {
            partners,
            groups: clean,
        }
    }

    pub(super) fn pair(&self, a: u16, b: u16) -> i64 {
        i64::from(self.partners[usize::from(a)].binary_search(&b).is_ok())
    }

    pub(super) fn is_empty(&self) -> bool {
        self.groups.is_empty()
    }
}
