//! Writes the OpenAPI document to `openapi/openapi.json`, the committed copy that the tests
//! compare with what the server serves.

use std::path::PathBuf;

fn main() -> std::io::Result<()> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../openapi/openapi.json");
    std::fs::write(&path, api::openapi::document_json())?;
    eprintln!("wrote {}", path.display());
    Ok(())
}
