//! What every print page says about the address its links and QR codes carry
//! ([`crate::links`]): which one, and a warning when no phone would open it.

use actix_web::HttpRequest;
use serde::Serialize;

use crate::links::LinkBase;
use crate::reached::{self, host};
use crate::state::AppState;

/// The address printed links start with, and what the page says about it.
#[derive(Debug, Clone, Serialize)]
pub(super) struct PrintAddress {
    /// `scheme://host[:port]`.
    pub(super) origin: String,
    /// `configured`, `requested`, `network` (this machine's network address chosen instead
    /// of the loopback name the browser used) or `loopback` (the page warns).
    kind: &'static str,
}

impl PrintAddress {
    /// The address for links printed from `req`.
    pub(super) fn of(state: &AppState, req: &HttpRequest) -> PrintAddress {
        let base = reached::link_base(state, req);
        let host = host(req);
        let kind = match base {
            LinkBase::Configured(_) => "configured",
            LinkBase::Requested(_) => "requested",
            LinkBase::Network(_) => "network",
            LinkBase::Loopback(_) => {
                tracing::warn!(
                    host = %host,
                    "printed links point at a loopback name no phone opens; set KARLCHEN_PUBLIC_URL or listen on 0.0.0.0"
                );
                "loopback"
            }
        };
        PrintAddress {
            origin: base.origin().to_owned(),
            kind,
        }
    }
}
