import SeqrCore
