use playspace_domain::bulk_email::BulkEmailRefusal;

use crate::error::ApiError;

/// 400 with the spec's 'Please fill in all fields', or the fields' own messages.
pub fn refused(refusal: BulkEmailRefusal) -> ApiError {
    match refusal {
        BulkEmailRefusal::MissingFields => {
            ApiError::bad_request("missing_fields", refusal.to_string())
        }
        BulkEmailRefusal::Invalid(fields) => ApiError::validation(fields),
    }
}
