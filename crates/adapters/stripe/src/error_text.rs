//! Short, single-line, secret-free error texts for [`playspace_ports::GatewayError`].

/// The text is stored and logged: keep it short.
pub(crate) const MAX_ERROR_TEXT_CHARS: usize = 300;

/// Single-line and at most [`MAX_ERROR_TEXT_CHARS`] characters.
pub(crate) fn clip(text: &str) -> String {
    let one_line = text.chars().map(|c| if c.is_control() { ' ' } else { c });
    if text.chars().count() <= MAX_ERROR_TEXT_CHARS {
        one_line.collect()
    } else {
        let mut clipped: String = one_line.take(MAX_ERROR_TEXT_CHARS - 1).collect();
        clipped.push('…');
        clipped
    }
}

/// Masks anything shaped like a Stripe secret or restricted key (`sk_…`, `rk_…`) and the
/// configured key itself, wherever they appear. Stripe already masks keys in its messages;
/// this holds even if it one day does not.
pub(crate) fn redact_keys(text: &str, api_key: &str) -> String {
    let text = if api_key.is_empty() {
        text.to_owned()
    } else {
        text.replace(api_key, "<redacted>")
    };
    let mut out = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some(start) = rest.find(['s', 'r']) {
        let (before, candidate) = rest.split_at(start);
        out.push_str(before);
        let at_word_start = !out
            .chars()
            .next_back()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
        if at_word_start && (candidate.starts_with("sk_") || candidate.starts_with("rk_")) {
            let end = candidate
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '*'))
                .unwrap_or(candidate.len());
            out.push_str(&candidate[..3]);
            out.push_str("<redacted>");
            rest = &candidate[end..];
        } else {
            out.push_str(&candidate[..1]);
            rest = &candidate[1..];
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clip_bounds_length_and_removes_line_breaks() {
        let long = "é\n".repeat(400);
        let clipped = clip(&long);
        assert_eq!(clipped.chars().count(), MAX_ERROR_TEXT_CHARS);
        assert!(!clipped.contains('\n'));
        assert!(clipped.ends_with('…'));
        assert_eq!(clip("short"), "short");
    }

    #[test]
    fn keys_are_masked() {
        assert_eq!(
            redact_keys(
                "Invalid API Key provided: sk_test_****abcd; also rk_live_XYZ. task_done",
                "",
            ),
            "Invalid API Key provided: sk_<redacted>; also rk_<redacted>. task_done"
        );
        assert_eq!(
            redact_keys("key was weird-secret-1 here", "weird-secret-1"),
            "key was <redacted> here"
        );
        assert_eq!(redact_keys("disk_usage risk_", ""), "disk_usage risk_");
    }
}
