//! Who is calling: organisers log in with a password and get a token for their own
//! tournaments; a table's captain trades the table's join code for a token that reaches that
//! one table and nothing else; everybody else reads what is published.

pub mod extract;
pub mod jwt;
pub mod limits;
pub mod password;
pub mod preview;
pub mod screened;

pub use extract::{Caller, Organizer};
pub use jwt::{Claims, Role};
