public import SessionCore
